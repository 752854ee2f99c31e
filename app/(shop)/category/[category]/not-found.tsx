// Reached only for an unknown category, whose message ./layout.tsx draws around this boundary.
export default function UnknownCategory() {
  return null;
}
