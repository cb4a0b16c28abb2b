/* rusage.c — the wall time, CPU time and peak resident memory of one
 * command, as the benchmark harness (benchmarks/harness.py) records them.
 *
 * The harness cannot take the peak memory from its own child: a process
 * that Python forks and execs keeps, in its peak resident set, the peak of
 * the Python process it was copied from (Linux records the old image's
 * peak at exec). This small program forks the command from its own small
 * image instead and reports what wait4 says about it.
 *
 * Usage: rusage OUT COMMAND [ARG ...]
 *   Runs COMMAND (standard input, output and error inherited), writes
 *   "WALL_S CPU_S MAXRSS_KIB" to the file OUT, and exits with COMMAND's
 *   status (128 + the signal if a signal ended it).
 * Build: cc -O2 rusage.c -o rusage
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s OUT COMMAND [ARG ...]\n", argv[0]);
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 2;
    }
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6
               + (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    fprintf(out, "%.6f %.6f %ld\n", wall, cpu, ru.ru_maxrss);
    fclose(out);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
