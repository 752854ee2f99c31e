/** Ids of the card icons; cards draw them with <use>, so a 20-card page carries each icon's paths once. */
export const CARD_ICON = { bag: 'card-i-bag', check: 'card-i-check', arrow: 'card-i-arrow' } as const;

/** One card icon, a reference into <CardIconSprite /> (apart from it: the sprite's icon data stay on the server). */
export function CardIcon({ name }: { name: keyof typeof CARD_ICON }) {
  return (
    <svg aria-hidden className="pcard-icon">
      <use href={`#${CARD_ICON[name]}`} />
    </svg>
  );
}
