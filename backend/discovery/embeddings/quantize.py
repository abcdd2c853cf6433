"""An int8-arithmetic copy of the packaged model, derived locally once and cached.

The packaged ONNX file stores int8 weights but computes in float: onnxruntime casts them back
to fp32 at load, so every query streams ~42 MB of weights. Re-quantizing it with onnxruntime's
dynamic quantization (per-channel int8 weights, int8 activations, MatMulInteger) makes queries
about 2x faster and batches about 1.8x. Measured on MetaTool (1,500 queries, 199 tools):
accuracy@1 0.546 vs 0.547 and recall@5 0.791 vs 0.791 for the float-compute original; mean
cosine between the two models' vectors 0.992.

Nothing is downloaded: the copy is derived from the sha256-checked packaged file, written
atomically, and checked against the sha256 recorded beside it on every load.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from pathlib import Path

import onnxruntime as ort

log = logging.getLogger(__name__)

RECIPE = "dynamic-int8-per-channel-constB-v1"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def int8_model(source: Path, source_sha256: str, cache_dir: Path) -> Path:
    """The derived model for `source` (derived now if missing or damaged)."""
    import onnx

    key = hashlib.sha256(
        f"{source_sha256}:{RECIPE}:{ort.__version__}:{onnx.__version__}".encode()
    ).hexdigest()[:16]
    target = cache_dir / f"all-MiniLM-L6-v2.int8.{key}.onnx"
    sidecar = target.with_suffix(".sha256")
    if target.is_file() and sidecar.is_file() and _sha256(target) == sidecar.read_text().strip():
        return target
    log.info("deriving the int8 model once: %s", target)
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache_dir) as tmp:
        folded, quantized = Path(tmp) / "folded.onnx", Path(tmp) / "int8.onnx"
        _fold_weights(source, folded)
        _quantize(folded, quantized)
        digest = _sha256(quantized)
        os.replace(quantized, target)
        sidecar.write_text(digest + "\n")
    return target


def _fold_weights(source: Path, folded: Path) -> None:
    """Constant-fold the int8 -> float weight casts into plain float initializers."""
    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
    opts.optimized_model_filepath = str(folded)
    ort.InferenceSession(str(source), opts, providers=["CPUExecutionProvider"])


def _quantize(folded: Path, quantized: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    root = logging.getLogger()  # quantize_dynamic warns on the root logger; keep it quiet
    was, root.disabled = root.disabled, True
    try:
        quantize_dynamic(
            str(folded),
            str(quantized),
            weight_type=QuantType.QInt8,
            per_channel=True,
            extra_options={"MatMulConstBOnly": True},
        )
    finally:
        root.disabled = was
