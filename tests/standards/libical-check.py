"""Reads an iCalendar file on stdin with libical (the C library Evolution and others use, Debian's libical3, through
ctypes): parsed, its errors counted (libical marks what it cannot read with X-LIC-ERROR), RFC 5546's restrictions
checked for its METHOD, VEVENTs counted. Prints one JSON line. Used by tests/standards/libical.ts."""
import ctypes, ctypes.util, json, sys

lib = ctypes.CDLL(ctypes.util.find_library("ical") or "libical.so.3")
lib.icalparser_parse_string.restype = ctypes.c_void_p
lib.icalparser_parse_string.argtypes = [ctypes.c_char_p]
lib.icalcomponent_check_restrictions.argtypes = [ctypes.c_void_p]
lib.icalcomponent_count_errors.argtypes = [ctypes.c_void_p]
lib.icalcomponent_string_to_kind.argtypes = [ctypes.c_char_p]
lib.icalcomponent_count_components.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.icalcomponent_free.argtypes = [ctypes.c_void_p]
lib.icalcomponent_as_ical_string.restype = ctypes.c_char_p
lib.icalcomponent_as_ical_string.argtypes = [ctypes.c_void_p]

comp = lib.icalparser_parse_string(sys.stdin.buffer.read())
if not comp:
    print(json.dumps({"parsed": False}))
    sys.exit(0)
restrictions = lib.icalcomponent_check_restrictions(comp)
errors = lib.icalcomponent_count_errors(comp)
events = lib.icalcomponent_count_components(comp, lib.icalcomponent_string_to_kind(b"VEVENT"))
text = lib.icalcomponent_as_ical_string(comp).decode("utf-8", "replace")
problems = [line for line in text.split("\r\n") if line.startswith("X-LIC-ERROR")]
lib.icalcomponent_free(comp)
print(json.dumps({"parsed": True, "restrictionsOk": bool(restrictions), "errors": errors, "events": events, "problems": problems}))
