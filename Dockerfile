# syntax=docker/dockerfile:1
# Agora: the Discord bot (or, without DISCORD_TOKEN, the local table).
#   docker build -t agora . && docker run -e DISCORD_TOKEN=... -v agora:/data agora

# --- build: dependencies in their own layer, then Agora itself as a regular (non-editable) install
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
RUN python -m venv /venv
# Only pyproject.toml: this layer is rebuilt when the dependencies change, not at every code edit.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > requirements.txt \
    && /venv/bin/pip install -r requirements.txt
COPY README.md ./
COPY engine ./engine
COPY bot ./bot
COPY render ./render
COPY migrations ./migrations
RUN /venv/bin/pip install --no-deps . && /venv/bin/python -m compileall -q /venv

# --- runtime: the virtual environment only, run by an unprivileged user, state in /data
FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 \
    PATH=/venv/bin:$PATH \
    AGORA_DB=/data/agora.db \
    AGORA_OUT=/data/out
RUN useradd --create-home --uid 10001 agora && mkdir -p /data && chown agora:agora /data
COPY --from=build /venv /venv
WORKDIR /data
USER agora
VOLUME ["/data"]
# The database opens at the current schema and, with a token, the gateway heartbeat
# (/data/agora.db.heartbeat, touched by the connected bot) is under 90 s old.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
