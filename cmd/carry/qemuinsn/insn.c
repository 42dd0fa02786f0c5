/*
 * A plugin for qemu-user (TCG plugin API version 1, as in QEMU 7) that counts
 * the guest instructions a program executes, per guest thread. carry count
 * builds it with the C compiler and loads it with "-plugin PATH,out=FILE"; at
 * exit it writes "insns N" to FILE (to stderr without an out argument), N
 * being the count of the thread that executed the block at "start=ADDR" (from
 * its last execution there on), or without that option of the busiest thread.
 *
 * The driver that carry count runs keeps its goroutine on one thread, which
 * executes nearly all of the program; the runtime's other threads (sysmon
 * above all) execute instructions in proportion to the wall-clock time, so a
 * slow or loaded host would add to a count of every thread. Each translated
 * block adds its length to its thread's counter in a callback; a thread's
 * counter is written only by that thread, so no addition is lost.
 *
 * The driver's own thread is also made to run the scheduler in proportion to
 * the time: sysmon asks a goroutine that has run for 10 ms to yield, and a
 * goroutine locked to its thread yields by handing the thread's P to another
 * thread and back. The options "pause=ADDR" (up to 8) and "resume=ADDR" take
 * guest addresses of code entries: a thread stops counting when it executes
 * the block at a pause address and counts again from the block at the resume
 * address. carry count pauses at runtime.morestack (a yield asked for by
 * sysmon starts there, as does a stack's growth) and runtime.mcall (the
 * goroutine's other ways into the scheduler) and resumes at runtime.gogo,
 * through which the scheduler returns to a goroutine.
 *
 * The driver locks its goroutine to its thread only in main, after the
 * program's start has run on the first thread; until then the goroutine may
 * move to another thread (when a system call outlasts sysmon's patience on a
 * loaded host, for one), leaving part of the start in another thread's
 * count. carry count therefore passes as start the entry of a function the
 * driver calls once locked: the count is then that thread's, from there.
 *
 * The plugin declares the few API functions it calls itself, so that it
 * builds without QEMU's development headers.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t plugin_id;
struct qemu_plugin_tb;

void qemu_plugin_register_vcpu_tb_trans_cb(plugin_id, void (*)(plugin_id, struct qemu_plugin_tb *));
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *, void (*)(unsigned int, void *), int, void *);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *);
void qemu_plugin_register_atexit_cb(plugin_id, void (*)(plugin_id, void *), void *);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* qemu-user gives each guest thread a small number, from 0; a Go program
 * has a few dozen threads at most. A thread numbered past the end is not
 * counted and makes the output an error. */
#define MAX_THREADS 4096

#define MAX_PAUSES 8

static uint64_t executed[MAX_THREADS];
static unsigned char paused[MAX_THREADS];
static uint64_t pause_at[MAX_PAUSES], resume_at, start_at;
static int pauses;
static int started = -1; /* the thread that executed start_at last */
static int overflow;
static char out_path[4096];

static void on_exec(unsigned int thread, void *insns)
{
	if (thread >= MAX_THREADS)
		overflow = 1;
	else if (!paused[thread])
		executed[thread] += (uintptr_t)insns;
}

static void on_pause(unsigned int thread, void *insns)
{
	(void)insns;
	if (thread >= MAX_THREADS)
		overflow = 1;
	else
		paused[thread] = 1;
}

static void on_resume(unsigned int thread, void *insns)
{
	if (thread >= MAX_THREADS)
		overflow = 1;
	else {
		paused[thread] = 0;
		executed[thread] += (uintptr_t)insns;
	}
}

static void on_start(unsigned int thread, void *insns)
{
	if (thread >= MAX_THREADS)
		overflow = 1;
	else {
		started = thread;
		paused[thread] = 0;
		executed[thread] = (uintptr_t)insns;
	}
}

static void on_translate(plugin_id id, struct qemu_plugin_tb *tb)
{
	(void)id;
	uint64_t pc = qemu_plugin_tb_vaddr(tb);
	void (*cb)(unsigned int, void *) = on_exec;
	for (int i = 0; i < pauses; i++)
		if (pc == pause_at[i])
			cb = on_pause;
	if (resume_at != 0 && pc == resume_at)
		cb = on_resume;
	if (start_at != 0 && pc == start_at)
		cb = on_start;
	/* 0 is QEMU_PLUGIN_CB_NO_REGS: the callback reads no register. */
	qemu_plugin_register_vcpu_tb_exec_cb(tb, cb, 0, (void *)(uintptr_t)qemu_plugin_tb_n_insns(tb));
}

static void on_end(plugin_id id, void *unused)
{
	(void)id;
	(void)unused;
	uint64_t busiest = 0;
	for (int i = 0; i < MAX_THREADS; i++)
		if (executed[i] > busiest)
			busiest = executed[i];
	if (start_at != 0)
		busiest = started < 0 ? 0 : executed[started];
	FILE *f = out_path[0] ? fopen(out_path, "w") : stderr;
	if (f == NULL)
		return;
	if (overflow)
		fprintf(f, "error: more than %d guest threads\n", MAX_THREADS);
	else if (start_at != 0 && started < 0)
		fprintf(f, "error: no thread executed the start address\n");
	else
		fprintf(f, "insns %llu\n", (unsigned long long)busiest);
	if (f != stderr)
		fclose(f);
}

/* parse_addr reads a nonzero address in C's notation (0x for hex). */
static int parse_addr(const char *s, uint64_t *addr)
{
	char *end;
	*addr = strtoull(s, &end, 0);
	return *s != 0 && *end == 0 && *addr != 0;
}

__attribute__((visibility("default"))) int qemu_plugin_install(plugin_id id, const void *info, int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "out=", 4) == 0) {
			if (strlen(argv[i] + 4) >= sizeof out_path)
				return -1;
			strcpy(out_path, argv[i] + 4);
		} else if (strncmp(argv[i], "pause=", 6) == 0) {
			if (pauses == MAX_PAUSES || !parse_addr(argv[i] + 6, &pause_at[pauses]))
				return -1;
			pauses++;
		} else if (strncmp(argv[i], "resume=", 7) == 0) {
			if (!parse_addr(argv[i] + 7, &resume_at))
				return -1;
		} else if (strncmp(argv[i], "start=", 6) == 0) {
			if (!parse_addr(argv[i] + 6, &start_at))
				return -1;
		} else
			return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_end, NULL);
	return 0;
}
