/*
 * A plugin for qemu-user (TCG plugin API version 1, as in QEMU 7) that adds
 * up the guest instructions a program executes. carry count builds it with
 * the C compiler and loads it with "-plugin PATH,out=FILE"; at exit it writes
 * "insns N" to FILE (to stderr without an out argument).
 *
 * Every translated block adds its length to one 64-bit counter through an
 * inline addition, the cheapest hook the API offers. Guest threads running
 * at the same time may lose an addition now and then: carry count runs its
 * driver with one P (GOMAXPROCS=1), where the runtime's other threads
 * execute little.
 *
 * The plugin declares the few API functions it calls itself, so that it
 * builds without QEMU's development headers.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t plugin_id;
struct qemu_plugin_tb;

/* QEMU_PLUGIN_INLINE_ADD_U64, the first (and only) inline operation. */
#define INLINE_ADD_U64 0

void qemu_plugin_register_vcpu_tb_trans_cb(plugin_id, void (*)(plugin_id, struct qemu_plugin_tb *));
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *, int, void *, uint64_t);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
void qemu_plugin_register_atexit_cb(plugin_id, void (*)(plugin_id, void *), void *);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t executed;
static char out_path[4096];

static void on_translate(plugin_id id, struct qemu_plugin_tb *tb)
{
	(void)id;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, INLINE_ADD_U64, &executed, qemu_plugin_tb_n_insns(tb));
}

static void on_exit(plugin_id id, void *unused)
{
	(void)id;
	(void)unused;
	FILE *f = out_path[0] ? fopen(out_path, "w") : stderr;
	if (f == NULL)
		return;
	fprintf(f, "insns %llu\n", (unsigned long long)executed);
	if (f != stderr)
		fclose(f);
}

__attribute__((visibility("default"))) int qemu_plugin_install(plugin_id id, const void *info, int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "out=", 4) != 0 || strlen(argv[i] + 4) >= sizeof out_path)
			return -1;
		strcpy(out_path, argv[i] + 4);
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit, NULL);
	return 0;
}
