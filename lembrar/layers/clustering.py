"""Spherical k-means over unit vectors, the number of clusters chosen by silhouette (numpy only).

``cluster`` searches k = 2 … k_max on a random sample (at most ``sample`` points, projected on
its top ``search_dims`` principal directions, several seeds per k) and keeps the smallest k
whose mean silhouette (cosine distance) is within 0.01 of the best. The same k is fitted on the
sample with every dimension shuffled across points — same marginals, no topics — as a null:
without a mean silhouette ``min_silhouette`` above the null's there are no clusters at all.
Otherwise k is refitted on every point (starting from the sample's clusters); points far from
their centroid become outliers (-1), and so do whole clusters smaller than ``min_size`` or whose
mean silhouette does not beat the null's clusters (their 90th percentile).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import DTypeLike

__all__ = ["Clustering", "cluster", "silhouette_samples", "spherical_kmeans"]


@dataclass(frozen=True)
class Clustering:
    """``labels[i]``: the cluster of point i (0 … k-1), or -1 for an outlier."""

    labels: np.ndarray
    centroids: np.ndarray
    silhouette: float
    k: int

    def members(self) -> list[np.ndarray]:
        return [np.flatnonzero(self.labels == c) for c in range(self.k)]


def _unit(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1, norms)


def _plus_plus(x: np.ndarray, k: int, rng: np.random.Generator) -> np.ndarray:
    """k-means++ seeding with cosine distance."""
    centres = [int(rng.integers(len(x)))]
    closest = 1.0 - x @ x[centres[0]]
    for _ in range(1, k):
        weights = np.clip(closest, 0, None) ** 2
        total = weights.sum()
        pick = (
            int(rng.choice(len(x), p=weights / total)) if total > 0 else int(rng.integers(len(x)))
        )
        centres.append(pick)
        closest = np.minimum(closest, 1.0 - x @ x[pick])
    return x[centres].copy()


def spherical_kmeans(
    x: np.ndarray,
    k: int,
    rng: np.random.Generator,
    *,
    init: np.ndarray | None = None,
    iterations: int = 40,
) -> tuple[np.ndarray, np.ndarray, float]:
    """Labels, unit centroids and the mean cosine of points to their centroid."""
    centroids = _plus_plus(x, k, rng) if init is None else init.copy()
    labels = np.full(len(x), -1)
    for _ in range(iterations):
        sims = x @ centroids.T
        new = np.argmax(sims, axis=1)
        if np.array_equal(new, labels):
            break
        labels = new
        sums = _onehot(labels, k, x.dtype).T @ x
        empty = np.flatnonzero(np.linalg.norm(sums, axis=1) == 0)
        for c in empty:  # re-seed an empty cluster on the worst-served point
            sums[c] = x[int(np.argmin(sims[np.arange(len(x)), labels]))]
        centroids = _unit(sums)
    fit = float(np.mean(np.max(x @ centroids.T, axis=1)))
    return labels, centroids, fit


def _onehot(labels: np.ndarray, k: int, dtype: DTypeLike = np.float32) -> np.ndarray:
    out = np.zeros((len(labels), k), dtype=dtype)
    out[np.arange(len(labels)), labels] = 1.0
    return out


def silhouette_samples(
    x: np.ndarray, labels: np.ndarray, k: int, distance: np.ndarray | None = None
) -> np.ndarray:
    """Silhouette of every point (cosine distance); 0 for points alone in their cluster."""
    distance = 1.0 - x @ x.T if distance is None else distance
    onehot = _onehot(labels, k, distance.dtype)
    sums = distance @ onehot
    counts = onehot.sum(axis=0)
    own = counts[labels]
    a = sums[np.arange(len(x)), labels] / np.maximum(own - 1, 1)
    others = np.where(counts > 0, sums / np.maximum(counts, 1), np.inf)
    others[np.arange(len(x)), labels] = np.inf
    b = others.min(axis=1)
    s = (b - a) / np.maximum(np.maximum(a, b), 1e-12)
    return np.where(own > 1, s, 0.0)


def _best_k(
    sample: np.ndarray, k_max: int, rng: np.random.Generator, restarts: int, tolerance: float = 0.01
) -> tuple[int, np.ndarray, float]:
    """The smallest k whose mean silhouette is within ``tolerance`` of the best one, with the
    sample's labels for it."""
    distance = 1.0 - sample @ sample.T
    fits = []
    for k in range(2, k_max + 1):
        labels, _, _ = max(
            (spherical_kmeans(sample, k, rng) for _ in range(restarts)), key=lambda f: f[2]
        )
        fits.append((k, labels, float(np.mean(silhouette_samples(sample, labels, k, distance)))))
    best = max(score for _, _, score in fits)
    return next(fit for fit in fits if fit[2] >= best - tolerance)


def _project(sample: np.ndarray, dims: int) -> np.ndarray:
    """The sample in its top ``dims`` uncentred principal directions, rows renormalised: the best
    rank-``dims`` approximation of its cosine matrix, so that choosing k is cheap."""
    if sample.shape[1] <= dims:
        return sample
    _, directions = np.linalg.eigh(sample.T @ sample)
    return _unit(sample @ directions[:, -dims:])


def _cluster_scores(x: np.ndarray, labels: np.ndarray, k: int) -> np.ndarray:
    """Mean silhouette of each cluster's points (nan for a cluster without points)."""
    s = silhouette_samples(x, labels, k)
    return np.array([s[labels == c].mean() if (labels == c).any() else np.nan for c in range(k)])


def _null(
    sample: np.ndarray, k: int, rng: np.random.Generator, restarts: int
) -> tuple[float, np.ndarray]:
    """What k clusters reach on the sample with each dimension shuffled across points (same
    marginals, no topics): the mean silhouette and each cluster's. Real topics must beat them."""
    null = _unit(np.stack([rng.permutation(column) for column in sample.T], axis=1))
    labels, _, _ = max(
        (spherical_kmeans(null, k, rng) for _ in range(restarts)), key=lambda f: f[2]
    )
    per_cluster = _cluster_scores(null, labels, k)
    return float(np.mean(silhouette_samples(null, labels, k))), per_cluster[~np.isnan(per_cluster)]


def cluster(
    vectors: np.ndarray,
    *,
    min_size: int = 4,
    max_clusters: int = 30,
    sample: int = 2000,
    seed: int = 0,
    min_silhouette: float = 0.02,
    restarts: int = 3,
    search_dims: int = 64,
) -> Clustering:
    """Topic clusters of unit vectors; see the module docstring."""
    x = _unit(np.asarray(vectors, dtype=np.float32))
    n = len(x)
    k_max = min(max_clusters, n // max(min_size, 1))
    if k_max < 2:
        return Clustering(np.full(n, -1), np.zeros((0, x.shape[1] if x.ndim == 2 else 0)), 0.0, 0)
    rng = np.random.default_rng(seed)
    picked = np.sort(rng.choice(n, size=min(sample, n), replace=False))
    reduced = _project(x[picked], search_dims)
    k, sample_labels, score = _best_k(reduced, k_max, rng, restarts)
    null_score, null_clusters = _null(reduced, k, rng, restarts)
    if score < null_score + min_silhouette:
        return Clustering(np.full(n, -1), np.zeros((0, x.shape[1])), score, 0)
    init = _unit(_onehot(sample_labels, k).T @ x[picked])
    labels, centroids, _ = spherical_kmeans(x, k, rng, init=init)
    labels = _drop_outliers(x, labels, centroids)
    floor = float(np.quantile(null_clusters, 0.9)) if len(null_clusters) else 0.0
    labels = _drop_weak(reduced, labels, picked, k, min_size, max(floor, 0.0))
    return _renumber(labels, centroids, score)


def _drop_outliers(x: np.ndarray, labels: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """Points whose cosine to their centroid is more than two deviations below their cluster's mean."""
    own = np.einsum("ij,ij->i", x, centroids[labels])
    out = labels.copy()
    for c in range(len(centroids)):
        members = labels == c
        if members.sum() > 2:
            floor = own[members].mean() - 2.0 * own[members].std()
            out[members & (own < floor)] = -1
    return out


def _drop_weak(
    sample: np.ndarray, labels: np.ndarray, picked: np.ndarray, k: int, min_size: int, floor: float
) -> np.ndarray:
    """Clusters smaller than ``min_size``, or whose sampled members' mean silhouette does not
    exceed ``floor`` (what clusters of shuffled data reach)."""
    out = labels.copy()
    sampled = labels[picked]
    inside = sampled >= 0
    scores = (
        _cluster_scores(sample[inside], sampled[inside], k)
        if inside.sum() > 1
        else np.full(k, np.nan)
    )
    for c in range(k):
        separated = np.isnan(scores[c]) or scores[c] > floor
        if (labels == c).sum() < min_size or not separated:
            out[labels == c] = -1
    return out


def _renumber(labels: np.ndarray, centroids: np.ndarray, score: float) -> Clustering:
    kept = [c for c in range(len(centroids)) if (labels == c).any()]
    kept.sort(key=lambda c: -int((labels == c).sum()))
    mapping = np.full(len(centroids) + 1, -1)
    for new, old in enumerate(kept):
        mapping[old] = new
    relabelled = np.where(labels >= 0, mapping[np.maximum(labels, 0)], -1)
    return Clustering(relabelled, centroids[kept], score, len(kept))
