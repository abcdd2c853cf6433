// A placeholder per media type, for records without an image (or whose image cannot be loaded):
// a simple line icon and the type's name, so a photograph and a painting do not look alike.
import type { ReactElement } from "react";

const ICONS: Record<string, ReactElement> = {
  photograph: (
    <>
      <rect x="6" y="14" width="36" height="24" rx="3" />
      <circle cx="24" cy="26" r="7" />
      <path d="M16 14l3-5h10l3 5" />
    </>
  ),
  painting: (
    <>
      <rect x="7" y="8" width="34" height="32" rx="1" />
      <rect x="12" y="13" width="24" height="22" />
      <path d="M12 31l7-8 6 6 4-4 7 8" />
    </>
  ),
  print: (
    <>
      <rect x="10" y="6" width="28" height="36" rx="1" />
      <path d="M15 14h18M15 20h18M15 26h12" />
      <circle cx="31" cy="34" r="3" />
    </>
  ),
  drawing: (
    <>
      <path d="M10 38l4-10 20-20 6 6-20 20z" />
      <path d="M14 28l6 6M30 12l6 6" />
    </>
  ),
  sculpture: (
    <>
      <circle cx="24" cy="13" r="6" />
      <path d="M16 34c0-8 3-13 8-13s8 5 8 13" />
      <rect x="12" y="34" width="24" height="6" />
    </>
  ),
  "decorative art": (
    <>
      <path d="M18 8h12M20 8c0 6-8 10-8 20a12 10 0 0 0 24 0c0-10-8-14-8-20" />
      <path d="M14 26h20" />
    </>
  ),
  textile: (
    <>
      <path d="M8 10h32v28H8z" />
      <path d="M8 17h32M8 24h32M8 31h32M16 10v28M24 10v28M32 10v28" />
    </>
  ),
  book: (
    <>
      <path d="M24 12c-5-3-11-3-16-1v27c5-2 11-2 16 1 5-3 11-3 16-1V11c-5-2-11-2-16 1z" />
      <path d="M24 12v27" />
    </>
  ),
  film: (
    <>
      <rect x="8" y="10" width="32" height="28" rx="2" />
      <path d="M14 10v28M34 10v28M8 17h6M8 24h6M8 31h6M34 17h6M34 24h6M34 31h6" />
    </>
  ),
};
ICONS.video = ICONS.film!;
ICONS.architecture = (
  <>
    <path d="M8 18l16-9 16 9M10 18h28M12 22v14M20 22v14M28 22v14M36 22v14M8 38h32" />
  </>
);

const OTHER = (
  <>
    <rect x="9" y="9" width="30" height="30" rx="3" />
    <path d="M9 30l9-9 8 8 5-5 8 8" />
  </>
);

export function Placeholder({ mediaType }: { mediaType: string }) {
  const type = mediaType.toLowerCase();
  return (
    <div
      className={`thumbnail thumbnail-placeholder placeholder-${type.replace(/\W+/g, "-") || "other"}`}
      data-testid="thumbnail-placeholder"
      data-media-type={type || "other"}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        {ICONS[type] ?? OTHER}
      </svg>
      <span className="placeholder-label">{type || "record"}</span>
      <span className="visually-hidden">: no image available</span>
    </div>
  );
}
