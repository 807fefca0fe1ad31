# Agora: the Discord bot (or, without DISCORD_TOKEN, the local table).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    AGORA_DB=/data/agora.db \
    AGORA_OUT=/data/out

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY render ./render
COPY migrations ./migrations
RUN pip install --no-cache-dir -e . \
    && useradd --create-home --uid 10001 agora \
    && mkdir -p /data && chown agora:agora /data

USER agora
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
