import { useState } from "react";
import { imageUrl } from "../api/client";
import type { ArchiveRecord } from "../api/types";
import { Placeholder } from "./placeholders";
import { safeUrl } from "./safeUrl";

interface ThumbnailProps {
  record: ArchiveRecord;
  /** The record view's large image loads at once; cards load as they scroll into view. */
  eager?: boolean;
}

/**
 * The record's image through the server's image proxy (same origin: no mixed content, cached),
 * or a placeholder for its media type when it has none or the image fails to load.
 */
export function Thumbnail({ record, eager = false }: ThumbnailProps) {
  const [failed, setFailed] = useState(false);
  // Only records with an http(s) image are asked for (the proxy refuses anything else anyway).
  if (!safeUrl(record.thumbnail) || failed) return <Placeholder mediaType={record.media_type} />;
  return (
    <img
      className="thumbnail"
      src={imageUrl(record.id)}
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
