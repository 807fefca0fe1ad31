"""Logistic regression for the fitted evaluations (bench/fit_*_eval.py), in pure Python (no
numpy on these machines): no intercept, since the features are one side's minus the other's
(the other side's chance is the complement), a small ridge, Newton steps."""

from __future__ import annotations

import math


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def predict(w: list[float], x: list[float]) -> float:
    return sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gauss-Jordan with partial pivoting: a few features, a few rows."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data: list[tuple[list[float], float]], ridge: float = 1.0, tol: float = 1e-7) -> list[float]:
    """Weights maximising the ridge-penalised likelihood of `data` ((features, 1 won / 0 lost))."""
    k = len(data[0][0])
    w = [0.0] * k
    for _ in range(25):
        grad = [-ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in data:
            p = predict(w, x)
            g, h = y - p, p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx, row = h * x[i], hess[i]
                for j in range(k):
                    row[j] += hx * x[j]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < tol:
            break
    return w


def score(probs: list[float], ys: list[float]) -> tuple[float, float]:
    """Accuracy and log-loss of predicted chances against what happened."""
    right = sum((p >= 0.5) == (y > 0.5) for p, y in zip(probs, ys, strict=True))
    loss = -sum(math.log(max(1e-9, p if y else 1 - p)) for p, y in zip(probs, ys, strict=True))
    return right / len(ys), loss / len(ys)
