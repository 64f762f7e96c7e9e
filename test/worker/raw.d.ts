// Vite's `?raw` import: the file's text (test/worker/fuzz-words.ts reads its word list so).
declare module '*?raw' {
  const text: string;
  export default text;
}
