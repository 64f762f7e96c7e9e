/** Description and details (composition, care) as readable sections; server-rendered only. */
export function ProductSections({ description, details }: { description: string; details: string }) {
  // "Composição: … Cuidados: …" reads better as a list, one sentence per line.
  const lines = details
    .split(/(?<=\.)\s+(?=\p{Lu})/u)
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    <div className="pdp-sections">
      <section className="pdp-section" aria-labelledby="pdp-descricao">
        <h2 id="pdp-descricao">Descrição</h2>
        <p>{description}</p>
      </section>
      <section className="pdp-section" aria-labelledby="pdp-detalhes">
        <h2 id="pdp-detalhes">Detalhes e cuidados</h2>
        <ul>
          {lines.map((line, i) => {
            const colon = line.indexOf(':');
            return (
              <li key={i}>
                {colon > 0 && colon < 24 ? (
                  <>
                    <strong>{line.slice(0, colon + 1)}</strong>
                    {line.slice(colon + 1)}
                  </>
                ) : (
                  line
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
