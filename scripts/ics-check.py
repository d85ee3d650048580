"""Checks an .ics file as a calendar app would read it, with the icalendar package: the lines
(CRLF, at most 75 octets), the calendar's required properties, and each event's UID, DTSTAMP,
all-day DTSTART and SUMMARY. Prints {"events": [{uid, start, summary, alarm}]} as JSON; any
problem is a message on stderr and exit status 1."""

import datetime
import json
import sys

import icalendar


def fail(message):
    print(f"ics-check: {message}", file=sys.stderr)
    sys.exit(1)


def main(path):
    raw = open(path, "rb").read()
    if not raw.endswith(b"\r\n"):
        fail("the file does not end with CRLF")
    for n, line in enumerate(raw.split(b"\r\n")[:-1], 1):
        if b"\n" in line or b"\r" in line:
            fail(f"line {n} has a bare line break")
        if len(line) > 75:
            fail(f"line {n} is {len(line)} octets (more than 75)")
        line.decode("utf-8")
    calendar = icalendar.Calendar.from_ical(raw.decode("utf-8"))
    if calendar.name != "VCALENDAR":
        fail(f"not a VCALENDAR but {calendar.name}")
    for prop in ("VERSION", "PRODID"):
        if prop not in calendar:
            fail(f"the calendar has no {prop}")
    if str(calendar["VERSION"]) != "2.0":
        fail("VERSION is not 2.0")
    events = []
    for event in calendar.walk("VEVENT"):
        for prop in ("UID", "DTSTAMP", "DTSTART", "SUMMARY"):
            if prop not in event:
                fail(f"an event has no {prop}")
        start = event.decoded("DTSTART")
        if isinstance(start, datetime.datetime) or not isinstance(start, datetime.date):
            fail(f"DTSTART of {event['UID']} is not a date")
        stamp = event.decoded("DTSTAMP")
        if not isinstance(stamp, datetime.datetime) or stamp.utcoffset() != datetime.timedelta(0):
            fail(f"DTSTAMP of {event['UID']} is not a UTC time")
        alarms = [a for a in event.walk("VALARM")]
        events.append(
            {
                "uid": str(event["UID"]),
                "start": start.isoformat(),
                "summary": str(event["SUMMARY"]),
                "description": str(event.get("DESCRIPTION", "")),
                "alarm": str(alarms[0].decoded("TRIGGER")) if alarms else None,
            }
        )
    print(json.dumps({"name": str(calendar.get("X-WR-CALNAME", "")), "events": events}))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        fail("usage: ics-check.py FILE.ics")
    main(sys.argv[1])
