#!/usr/bin/env python3
"""Close an X window the way a window manager's close button does: send it a
WM_DELETE_WINDOW client message (SDL turns it into SDL_QUIT).

    xclose.py WINDOW_ID        (DISPLAY must be set)

Uses libX11 through ctypes, so it needs nothing beyond the X client library.
"""
import ctypes, ctypes.util, sys

X = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")


class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class XEvent(ctypes.Union):
    _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]


def main():
    window = int(sys.argv[1], 0)
    X.XOpenDisplay.restype = ctypes.c_void_p
    X.XInternAtom.restype = ctypes.c_ulong
    X.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    X.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
    X.XFlush.argtypes = [ctypes.c_void_p]
    X.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = X.XOpenDisplay(None)
    if not display:
        sys.exit("xclose: cannot open the display (is DISPLAY set?)")
    event = XEvent()
    event.xclient.type = 33  # ClientMessage
    event.xclient.window = window
    event.xclient.message_type = X.XInternAtom(display, b"WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data[0] = X.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    event.xclient.data[1] = 0  # CurrentTime
    X.XSendEvent(display, window, 0, 0, ctypes.byref(event))
    X.XFlush(display)
    X.XCloseDisplay(display)


if __name__ == "__main__":
    main()
