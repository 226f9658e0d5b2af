"""The memory proxy on your own machine, called with the official OpenAI SDK.

Start lembrar in local mode, forwarding to a model server (here Ollama), then run this:

    lembrar serve --local --llm-base-url http://localhost:11434/v1 --llm-model llama3.2
    python examples/proxy_local.py

Local mode needs no lembrar key; the SDK always sends one, and any will do. The first
request tells the model something, the second asks it in a new conversation: lembrar put the
first exchange into the second one's system message. ``LEMBRAR_URL`` points it at another
address (default ``http://127.0.0.1:8420``).
"""

import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("LEMBRAR_URL", "http://127.0.0.1:8420") + "/v1", api_key="local"
)
for question in ("My kayak is called Sardinha.", "What is my kayak called?"):
    reply = client.chat.completions.create(
        model="llama3.2",
        user="me",  # whose memory
        messages=[{"role": "user", "content": question}],
    )
    print(f"> {question}\n{reply.choices[0].message.content}")
