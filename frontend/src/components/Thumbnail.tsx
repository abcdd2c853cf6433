import { useState } from "react";

interface ThumbnailProps {
  src: string;
  mediaType: string;
}

/** The record's image, or a placeholder when it has none or the image fails to load. */
export function Thumbnail({ src, mediaType }: ThumbnailProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="thumbnail thumbnail-placeholder" data-testid="thumbnail-placeholder">
        <span aria-hidden="true">{(mediaType || "record").slice(0, 1).toUpperCase()}</span>
        <span className="visually-hidden">No image available</span>
      </div>
    );
  }
  return (
    <img
      className="thumbnail"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
