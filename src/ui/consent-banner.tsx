/**
 * The cookie-consent banner, in the HTML (so it paints with the page instead of arriving after the scripts
 * as the page's largest late paint) but shown only when the head script finds no choice yet
 * (`html.consent-needed`, see CONSENT_HEAD_SCRIPT): one cached HTML serves everyone. Its buttons act once
 * the widgets script wires them (client/widgets); without JS it never shows, as no analytics runs then.
 */
export function ConsentBanner() {
  return (
    <section className="consent-banner" aria-label="Cookies e privacidade">
      <p>Com a sua permissão, usamos cookies de análise para melhorar a loja.</p>
      <div className="consent-banner__actions">
        <button type="button" className="button button--ghost" data-consent="denied">
          Recusar
        </button>
        <button type="button" className="button" data-consent="granted">
          Aceitar cookies de análise
        </button>
      </div>
    </section>
  );
}
