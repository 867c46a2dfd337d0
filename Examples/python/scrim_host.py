"""A Python host embedding Scrim through its C library, with nothing but ctypes.

    python3 scrim_host.py [path/to/libCScrim.so]

It presents a sheet with the shipped half-sheet plugin, runs the transition on the virtual clock,
and reads the trace as it is recorded and afterwards.
"""
import ctypes
import json
import sys

TRACE_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_void_p)


class ScrimError(Exception):
    pass


class Scrim:
    """One runtime, closed with close() or a with-block."""

    def __init__(self, library_path, **options):
        self.lib = lib = ctypes.CDLL(library_path)
        lib.scrim_version.restype = ctypes.c_char_p
        lib.scrim_last_error.restype = ctypes.c_char_p
        lib.scrim_now.restype = ctypes.c_double
        lib.scrim_now.argtypes = [ctypes.c_void_p]
        lib.scrim_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.scrim_destroy.argtypes = [ctypes.c_void_p]
        lib.scrim_load_plugin.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.scrim_eval.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.scrim_advance.argtypes = [ctypes.c_void_p, ctypes.c_double]
        lib.scrim_tick.argtypes = [ctypes.c_void_p, ctypes.c_int32]
        lib.scrim_trace.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_void_p),
                                    ctypes.POINTER(ctypes.c_int64)]
        lib.scrim_tree.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.scrim_set_trace_callback.argtypes = [ctypes.c_void_p, TRACE_CALLBACK, ctypes.c_void_p]
        lib.scrim_free.argtypes = [ctypes.c_void_p]
        self.runtime = ctypes.c_void_p()
        self._check(lib.scrim_create(json.dumps(options).encode(), ctypes.byref(self.runtime)))
        self._callback = None

    def _check(self, status):
        if status != 0:
            raise ScrimError(self.lib.scrim_last_error().decode())

    def _take_string(self, pointer):
        """A string the library handed back, released once copied."""
        text = ctypes.string_at(pointer.value).decode()
        self.lib.scrim_free(pointer)
        return text

    def on_trace(self, function):
        """Calls function(event) with every trace event, as a dict, as it is recorded."""
        self._callback = TRACE_CALLBACK(lambda line, _: function(json.loads(line)))
        self._check(self.lib.scrim_set_trace_callback(self.runtime, self._callback, None))

    def load_plugin(self, name):
        self._check(self.lib.scrim_load_plugin(self.runtime, name.encode()))

    def eval(self, code):
        """Runs Lua; returns {"output", "results", "descriptions"}; raises ScrimError on failure."""
        result = ctypes.c_void_p()
        status = self.lib.scrim_eval(self.runtime, code.encode(), ctypes.byref(result))
        evaluation = json.loads(self._take_string(result))
        self._check(status)
        return evaluation

    def advance(self, seconds):
        self._check(self.lib.scrim_advance(self.runtime, seconds))

    def now(self):
        return self.lib.scrim_now(self.runtime)

    def trace(self, since=0):
        """The events from seq `since` on, and the seq to ask from next time."""
        lines, next_seq = ctypes.c_void_p(), ctypes.c_int64()
        self._check(self.lib.scrim_trace(self.runtime, since, ctypes.byref(lines), ctypes.byref(next_seq)))
        return [json.loads(line) for line in self._take_string(lines).splitlines()], next_seq.value

    def tree(self):
        text = ctypes.c_void_p()
        self._check(self.lib.scrim_tree(self.runtime, ctypes.byref(text)))
        return json.loads(self._take_string(text))

    def close(self):
        if self.runtime:
            self.lib.scrim_destroy(self.runtime)
            self.runtime = None

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()


def main():
    library = sys.argv[1] if len(sys.argv) > 1 else "libCScrim.so"
    with Scrim(library, clock="virtual") as scrim:
        print("scrim", scrim.lib.scrim_version().decode())
        live = []
        scrim.on_trace(lambda event: live.append(event["event"]))
        scrim.load_plugin("half-sheet")
        scrim.eval("""
            home = ViewController{ name = 'home' }
            window.rootViewController = home
            sheet = ViewController{ name = 'sheet', modalPresentationStyle = 'custom' }
            sheet.transitioningDelegate = plugin('half-sheet').transitioningDelegate
            home:present(sheet, true, function() print('presented') end)
        """)
        scrim.advance(0.5)
        events, next_seq = scrim.trace()
        sheet_events = [e["event"] for e in events if e["vc"] == "sheet" and "lifecycle" not in e["event"]]
        print("t = %.3f" % scrim.now())
        print("events: %d, next seq %d, seen live %d" % (len(events), next_seq, len(live)))
        print("transition:", " ".join(e for e in sheet_events if e in (
            "presentationControllerForPresented", "presentationTransitionWillBegin", "animateTransition",
            "completeTransition", "presentationTransitionDidEnd", "presentCompletion")))
        print("sheet at y =", scrim.eval("return sheet.view.frame.y")["results"][0])
        print("presented:", scrim.tree()["controllers"]["presented"]["name"])
        try:
            scrim.eval("error('no such thing')")
        except ScrimError as error:
            print("error:", error)


if __name__ == "__main__":
    main()
