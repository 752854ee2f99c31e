// The words of the Price groups screens and the price list file, written once: pages, components, actions, the
// import and the tests use them as they are. Pure.

export const PRICE_GROUPS_TITLE = 'Price groups';
export const PRICE_GROUPS_INTRO =
  'A price group takes a percentage off list prices for the trade accounts in it, and may fix the price of a product or one of its options.';
export const LOAD_FAILED = 'Error Loading Price Groups';
export const GROUP_PAGE_TITLE = 'Price group';
export const GROUP_SETTINGS = 'Name and percent off';
/** '12.50' → '12.5%' */
export const percentText = (percentOff: string) => `${Number(percentOff).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
export const NO_GROUPS = 'No price groups yet. Add the first one below.';
export const NO_FIXED_PRICES = 'No fixed prices in this group: its buyers pay list prices less the group’s percentage.';

export const GROUP_COLUMNS = { name: 'Name', percent: 'Percent off', prices: 'Fixed prices', accounts: 'Trade accounts' } as const;
export const PRICE_COLUMNS = { sku: 'SKU', product: 'Product', option: 'Option', list: 'List price', fixed: 'Fixed price' } as const;

export const GROUP_TEXT = {
  add: 'Add price group',
  adding: 'Adding…',
  save: 'Save',
  saving: 'Saving…',
  edit: 'Edit',
  cancel: 'Cancel',
  delete: 'Delete group',
  created: 'Price group added',
  saved: 'Price group saved',
  deleted: 'Price group deleted',
  failedCreate: 'Failed to add the price group',
  failedSave: 'Failed to save the price group',
  failedDelete: 'Failed to delete the price group',
  nameLabel: 'Name',
  nameHint: 'Shown to staff only, and matched case-insensitively by the price list file’s group column.',
  percentLabel: 'Percent off list prices',
  percentHint: 'From 0 to 99.99. A fixed price replaces the percentage for its product and option.',
  nameTaken: 'A price group with this name already exists',
  percentInvalid: 'Percent off must be a number from 0 to 99.99, with at most 2 decimals',
  gone: 'This price group no longer exists.',
  confirmTitle: (name: string) => `Delete ${name}?`,
  confirmText: 'Its fixed prices are deleted with it. This cannot be undone.',
} as const;

/**
 * A group in use is not deleted: its accounts would silently fall back to list prices (the foreign key sets their
 * group to none). Staff move them first, on the trade accounts' screen.
 */
export const groupInUse = (accounts: number) =>
  `${accounts === 1 ? '1 trade account is' : `${accounts.toLocaleString('en-US')} trade accounts are`} in this group. ` +
  'Move them to another group first: deleting it would put them back on list prices.';

export const PRICE_TEXT = {
  remove: 'Remove',
  removed: 'Fixed price removed',
  failedRemove: 'Failed to remove the fixed price',
  gone: 'This fixed price was already removed.',
  confirmTitle: (sku: string) => `Remove the fixed price of ${sku}?`,
  confirmText: 'Buyers in this group then pay the list price less the group’s percentage for it.',
  removing: 'Removing…',
  everyOption: 'Every option',
  noSku: '(no SKU)',
  productGone: 'Product deleted',
  noListPrice: 'No list price',
} as const;

/** The option a fixed price is for, in words: 'Stone 2 · Bracelet · 7"'. */
export const OPTION_WORDS = {
  stone1: 'Stone 1',
  stone2: 'Stone 2',
  necklace: 'Necklace',
  bracelet: 'Bracelet',
  ringSize: (size: string) => `Size ${size}`,
} as const;

export const countLabel = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

// ---- The price list file ----

export const FILE_TEXT = {
  exportAll: 'Export all (CSV)',
  exportGroup: 'Export this group (CSV)',
  importHeading: 'Import a price list',
  importHelp:
    'One CSV file with the columns group, sku, stone, style, size, price, as Export writes them. A row sets one fixed price; a row with an empty price removes it. Rows with problems are listed and not written; the others are written together.',
  choose: 'Choose a CSV file',
  chooseAria: 'Choose a price list CSV file to import',
  drop: 'or drop it here',
  checking: 'Checking',
  importing: 'Importing',
  uploading: 'uploading',
  writing: 'writing prices',
  another: 'Import another file',
  chooseAnother: 'Choose another file',
  oneFile: 'Choose one file at a time.',
  notCsv: 'Choose a CSV file (.csv).',
  cannotImport: 'That file cannot be imported.',
  failed: 'Failed to import the price list',
  noneWritten: 'No row could be imported: see the rows with problems.',
  serverChecks: 'SKUs and each product’s options are checked when the file is imported.',
  problemsListed: 'Rows with problems are not imported; they are listed with the reason when the import is done.',
  downloadProblems: 'Download rows with problems (CSV)',
  stopped: 'The import stopped before it finished. Nothing was written.',
  connection: 'The connection to the server failed. Nothing was written.',
  cancelled: 'The import was cancelled. Nothing was written.',
  serverAnswered: (status: number) => `the server answered ${status}`,
  upTo: (mb: number) => `Up to ${mb} MB`,
  previewCaption: 'The first rows of the file',
  notImportedColumns: (columns: string[]) => `Columns not imported: ${columns.join(', ')}.`,
  shownFirst: (n: number) => `The first ${n} are shown; the download has all of them.`,
  row: 'Row',
  check: 'Check',
  reason: 'Reason',
  ready: 'ready',
  problem: 'problem',
} as const;

export const previewSummary = (name: string, total: number, ready: number, bad: number) =>
  `${name}: ${countLabel(total, 'row', 'rows')}, ${ready.toLocaleString('en-US')} ready to import` +
  (bad > 0 ? `, ${bad.toLocaleString('en-US')} with problems.` : '.');
export const importButton = (n: number) => `Import ${countLabel(n, 'row', 'rows')}`;

export const importDone = (c: { created: number; updated: number; removed: number; unchanged: number }) =>
  `${countLabel(c.created + c.updated + c.removed + c.unchanged, 'row', 'rows')} imported: ${c.created.toLocaleString('en-US')} added, ` +
  `${c.updated.toLocaleString('en-US')} changed, ${c.removed.toLocaleString('en-US')} removed, ${c.unchanged.toLocaleString('en-US')} already up to date.`;

export const notImported = (n: number) => (n === 1 ? '1 row was not imported' : `${n.toLocaleString('en-US')} rows were not imported`);

/** Why a row is refused, beside its column, as the catalog import says it. */
export const ROW_PROBLEMS = {
  groupEmpty: 'group: name the price group',
  groupTooLong: 'group: is too long (60 characters at most)',
  groupUnknown: (name: string) => `group: no price group is called "${name}"`,
  skuEmpty: 'sku: is empty',
  skuTooLong: 'sku: is too long (100 characters at most)',
  skuUnknown: 'sku: no product has this SKU',
  skuAmbiguous: 'sku: more than one product has this SKU; give it in the product’s own upper and lower case',
  controlCharacters: (column: string) => `${column}: must not contain control characters`,
  stone: 'stone: must be empty (every stone), 1 or 2',
  style: 'style: must be empty (every style), necklace or bracelet',
  size: 'size: must be empty (every size) or a size such as 7, 6.5 or 18',
  price: 'price: must be dollars above 0 with at most 2 decimals, like 12.50 (empty removes the fixed price)',
  priceZero: 'price: must be above 0; leave it empty to remove the fixed price',
  priceTooHigh: 'price: must be below 1,000,000',
  duplicate: (row: number) => `the same group, SKU and option are in row ${row}`,
  noSecondStone: 'stone: this product has no second stone',
  noStyles: 'style: only necklaces and bracelets are sold in a style',
  notSoldAs: (singular: string, style: string) => `style: this ${singular} is not sold as a ${style}`,
  noSizes: (label: string) => `size: ${label} have no sizes`,
  adjustableRing: 'size: this ring is adjustable and has no sizes',
  ringSize: (size: string, offered: string) => `size: this ring is not offered in size ${size} (it offers ${offered})`,
  familySize: (size: string, what: string, sizes: string) => `size: ${size} is not a ${what} (${sizes})`,
  noListPrice: 'option: the product has no list price for this option, so it is not sold',
} as const;

export const FILE_PROBLEMS = {
  tooLarge: (mb: number) => `The file is too large (${mb} MB at most). Split it into smaller files.`,
  empty: 'No data to import',
  missingSku: 'The file has no "sku" column. The first line must name the columns: group, sku, stone, style, size, price.',
  missingColumns: (columns: string[]) =>
    `The file has no ${columns.map((c) => `"${c}"`).join(' or ')} column. The first line must name the columns: group, sku, stone, style, size, price.`,
} as const;

export const IMPORT_FAILED = 'The import could not be completed and nothing was written';
export const EXPORT_FAILED = 'Export failed';
export const BAD_GROUP_ID = 'That is not a price group.';

/** Under a group's name: '10% off · 3 fixed prices · 1 trade account'. */
export const groupSummary = (g: { percentOff: string; fixedPrices: number; accounts: number }) =>
  `${percentText(g.percentOff)} off · ${countLabel(g.fixedPrices, 'fixed price', 'fixed prices')} · ${countLabel(g.accounts, 'trade account', 'trade accounts')}`;
