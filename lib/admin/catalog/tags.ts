import 'server-only';
import { CATALOG_TAG } from '../../catalog/listing';
import { ADMIN_DASHBOARD_TAG } from '../dashboard/tags';

/** A product added, changed or removed: the storefront's cached catalog and the dashboard's counts. */
export const CATALOG_WRITE_TAGS = [CATALOG_TAG, ADMIN_DASHBOARD_TAG] as const;
/** Images only: the storefront's cards and pages show the primary image. */
export const IMAGE_WRITE_TAGS = [CATALOG_TAG] as const;
