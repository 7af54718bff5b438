/** The plain React floor page: the elements of floor-content.ts with a static style sheet. */
import { StrictMode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { FLOOR_BUTTONS, FLOOR_CARDS, FLOOR_FIELD_LABEL, FLOOR_HEADING, FLOOR_TEXT } from './floor-content';

/** The page's whole style, written into the document's head. */
export const PLAIN_FLOOR_CSS = `
*{box-sizing:border-box;margin:0}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#18181b;background:#fff}
main{max-width:64rem;margin:0 auto;padding:2rem 1rem;display:flex;flex-direction:column;gap:1.5rem}
h1{font-size:2rem;line-height:1.2}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
.button{font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #157300;background:#157300;color:#fff;cursor:pointer}
.button+.button{background:#fff;color:#157300}
.field{display:flex;flex-direction:column;gap:.375rem;font-weight:500;max-width:24rem}
.field input{font:inherit;padding:.5rem .75rem;border:1px solid #d4d4d8;border-radius:.375rem}
.grid{list-style:none;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
.card{border:1px solid #e4e4e7;border-radius:.5rem;padding:1rem;display:flex;flex-direction:column;gap:.5rem}
.card h2{font-size:1.125rem}
.card p{color:#52525b;font-size:.875rem}
`;

export function PlainFloorPage() {
  const [plate, setPlate] = useState('');
  const [pressed, setPressed] = useState<string | null>(null);
  return (
    <main>
      <h1>{FLOOR_HEADING}</h1>
      <p>{FLOOR_TEXT}</p>
      <div className="actions">
        {FLOOR_BUTTONS.map((label) => (
          <button
            key={label}
            type="button"
            className="button"
            aria-pressed={pressed === label}
            onClick={() => setPressed(label)}
          >
            {label}
          </button>
        ))}
      </div>
      <label className="field">
        {FLOOR_FIELD_LABEL}
        <input
          value={plate}
          placeholder="ZM-001-ABC"
          onChange={(event) => setPlate(event.currentTarget.value.toUpperCase())}
        />
      </label>
      <ul className="grid">
        {FLOOR_CARDS.map((card) => (
          <li key={card.title} className="card">
            <h2>{card.title}</h2>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** Hydrates the prerendered page. */
export function hydratePlainFloorPage(): void {
  const root = document.getElementById('root');
  if (!root) return;
  hydrateRoot(
    root,
    <StrictMode>
      <PlainFloorPage />
    </StrictMode>,
  );
}
