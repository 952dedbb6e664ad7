#include "instruction_counter.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

int dnsim_instructions_open(void) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_INSTRUCTIONS;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    attr.inherit = 1;  /* also the worker threads started after this */
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0) return -errno;
    if (ioctl((int)fd, PERF_EVENT_IOC_RESET, 0) != 0 || ioctl((int)fd, PERF_EVENT_IOC_ENABLE, 0) != 0) {
        int error = errno;
        close((int)fd);
        return -error;
    }
    return (int)fd;
}

long long dnsim_instructions_read(int counter) {
    long long count = 0;
    if (counter < 0 || read(counter, &count, sizeof count) != (ssize_t)sizeof count) return -1;
    return count;
}

void dnsim_instructions_close(int counter) {
    if (counter >= 0) close(counter);
}
#else
int dnsim_instructions_open(void) { return -ENOSYS; }
long long dnsim_instructions_read(int counter) { (void)counter; return -1; }
void dnsim_instructions_close(int counter) { (void)counter; }
#endif
