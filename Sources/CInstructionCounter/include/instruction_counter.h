#ifndef DNSIM_INSTRUCTION_COUNTER_H
#define DNSIM_INSTRUCTION_COUNTER_H

/* The CPU's count of user-space instructions retired by this thread and the threads it starts
   after opening (Linux perf_event_open, PERF_COUNT_HW_INSTRUCTIONS), for `bench`. Machines
   without a performance-monitoring unit (many VMs) or with perf_event_paranoid too high refuse
   it: open then returns -errno and the caller says the count is unavailable. */

/* A counter, started; a descriptor (>= 0), or -errno when the kernel refuses it. */
int dnsim_instructions_open(void);

/* Instructions counted so far, or -1 when it cannot be read. */
long long dnsim_instructions_read(int counter);

void dnsim_instructions_close(int counter);

#endif
