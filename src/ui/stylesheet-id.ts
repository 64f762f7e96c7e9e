/**
 * The id of the stylesheet's link, written right after the header (src/pages/shell.tsx): the first paint waits
 * until it is parsed (src/pages/document.tsx), and the entry starts the header's clocks once it is (client/main.ts).
 */
export const STYLESHEET_ID = 'estilos';
