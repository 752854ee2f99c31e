export default function HomePage() {
  return <main className="p-8"><h1 className="text-4xl">Aurelia Fine Jewelry</h1></main>;
}
