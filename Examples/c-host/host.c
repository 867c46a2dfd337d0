/*
 * A C host embedding Scrim: it presents a sheet with the shipped half-sheet plugin, runs the
 * transition on the virtual clock, and reads back what happened.
 *
 *   cc host.c $(pkg-config --cflags --libs scrim) -o host && ./host
 *
 * (make lib writes scrim.pc into .build/release; put that folder on PKG_CONFIG_PATH.)
 */
#include <scrim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int events_seen = 0;

/* Called on the runtime's thread with each trace event as it is recorded. */
static void on_trace(const char *json_line, void *context) {
    (void)json_line;
    int *count = context;
    (*count)++;
}

/* Prints what went wrong and leaves. */
static void check(scrim_status status, const char *what) {
    if (status != SCRIM_OK) {
        fprintf(stderr, "%s failed (%d): %s\n", what, status, scrim_last_error());
        exit(1);
    }
}

static int count_lines(const char *text) {
    int lines = 0;
    for (const char *c = text; *c; c++) lines += *c == '\n';
    return lines;
}

int main(void) {
    scrim_runtime *runtime = NULL;
    check(scrim_create("{\"clock\": \"virtual\", \"fps\": 60}", &runtime), "scrim_create");
    check(scrim_set_trace_callback(runtime, on_trace, &events_seen), "scrim_set_trace_callback");
    check(scrim_load_plugin(runtime, "half-sheet"), "scrim_load_plugin");

    char *result = NULL;
    check(scrim_eval(runtime,
                     "home = ViewController{ name = 'home' }\n"
                     "window.rootViewController = home\n"
                     "sheet = ViewController{ name = 'sheet', modalPresentationStyle = 'custom' }\n"
                     "sheet.transitioningDelegate = plugin('half-sheet').transitioningDelegate\n"
                     "home:present(sheet, true, function() print('presented') end)",
                     &result),
          "scrim_eval");
    scrim_free(result);

    check(scrim_advance(runtime, 0.5), "scrim_advance");
    printf("t = %.3f\n", scrim_now(runtime));

    char *trace = NULL;
    int64_t next = 0;
    check(scrim_trace(runtime, 0, &trace, &next), "scrim_trace");
    printf("trace: %d events, next seq %lld, callback saw %d\n", count_lines(trace), (long long)next, events_seen);
    const char *completion = strstr(trace, "\"event\":\"presentCompletion\"");
    printf("presentCompletion: %s\n", completion ? "yes" : "no");
    scrim_free(trace);

    check(scrim_eval(runtime, "return sheet.view.frame.y, home.presentedViewController.name", &result), "scrim_eval");
    printf("eval: %s\n", result);
    scrim_free(result);

    char *tree = NULL;
    check(scrim_tree(runtime, &tree), "scrim_tree");
    printf("tree names the sheet: %s\n", strstr(tree, "\"name\":\"sheet\"") ? "yes" : "no");
    scrim_free(tree);

    /* A failing chunk: an error code, the message, and the JSON with the error in it. */
    scrim_status status = scrim_eval(runtime, "error('no such thing')", &result);
    printf("failing eval: status %d, last error \"%s\"\n", status, scrim_last_error());
    scrim_free(result);

    scrim_destroy(runtime);
    printf("done\n");
    return 0;
}
