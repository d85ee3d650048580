#!/usr/bin/env python3
"""A real SMTP server on loopback for the tests: aiosmtpd accepts every message and writes each one,
parsed by Python's email package, as a JSON file into a directory (one file per message and
recipient, written whole then renamed), so a test can read what a person would receive.

Usage: smtp-sink.py MAILDIR PORTFILE   (prints nothing; writes the port it listens on to PORTFILE)
"""
import asyncio
import email
import email.policy
import itertools
import json
import os
import socket
import sys

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, maildir):
        self.maildir = maildir
        self.seq = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        text = message.get_body(preferencelist=("plain",))
        html = message.get_body(preferencelist=("html",))
        record = {
            "envelopeFrom": envelope.mail_from,
            "from": str(message.get("From", "")),
            "to": str(message.get("To", "")),
            "subject": str(message.get("Subject", "")),
            "messageId": str(message.get("Message-ID", "")),
            "listUnsubscribe": message.get("List-Unsubscribe"),
            "listUnsubscribePost": message.get("List-Unsubscribe-Post"),
            "text": text.get_content() if text is not None else None,
            "html": html.get_content() if html is not None else None,
            "images": [p.get_content_type() for p in message.walk() if p.get_content_maintype() == "image"],
        }
        for rcpt in envelope.rcpt_tos:
            n = next(self.seq)
            record["envelopeTo"] = rcpt
            path = os.path.join(self.maildir, f"{n:06d}.json")
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                json.dump(record, f)
            os.rename(path + ".tmp", path)
        return "250 2.0.0 Ok: queued by the test sink"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    maildir, portfile = sys.argv[1], sys.argv[2]
    os.makedirs(maildir, exist_ok=True)
    port = free_port()
    controller = Controller(Sink(maildir), hostname="127.0.0.1", port=port)
    controller.start()
    with open(portfile + ".tmp", "w") as f:
        f.write(str(port))
    os.rename(portfile + ".tmp", portfile)
    try:
        asyncio.get_event_loop().run_forever()
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
