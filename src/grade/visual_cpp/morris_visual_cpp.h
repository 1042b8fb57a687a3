/* The grader's stand-ins for what Visual C++ gives a program without being asked, included
 * first (gcc -include) when a student's C or C++ source, written in Visual Studio, is not
 * built by gcc or g++ as it is: the standard headers MSVC's own headers bring in (INT_MAX
 * after <iostream> alone), its "secure" functions (fopen_s, strcpy_s, sprintf_s, ...),
 * <tchar.h>'s _tmain and _T, <conio.h>'s _getch and getch, and the few <windows.h> calls a program
 * times itself with. The headers a project includes by name (pch.h, stdafx.h, conio.h,
 * windows.h, ...) are empty files beside this one. Written for the grader (src/grade/),
 * not taken from any compiler's headers. */
#ifndef MORRIS_VISUAL_CPP_H
#define MORRIS_VISUAL_CPP_H

#ifndef _CRT_SECURE_NO_WARNINGS
#define _CRT_SECURE_NO_WARNINGS 1
#endif

#ifdef __cplusplus
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>
#else
#include <assert.h>
#include <ctype.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#endif
#include <errno.h>
#include <strings.h>

typedef int errno_t;
typedef unsigned long DWORD;
typedef int BOOL;
typedef long long LONGLONG;
typedef unsigned long long ULONGLONG;
typedef union {
    struct {
        unsigned long LowPart;
        long HighPart;
    } u;
    long long QuadPart;
} LARGE_INTEGER;
#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

#if defined(_UNICODE) || defined(UNICODE)
#include "morris_visual_cpp_wide.h"
#else
/* <tchar.h>, for a program built without UNICODE: a TCHAR is a char. */
typedef char _TCHAR;
typedef char TCHAR;
#define _tmain main
#define _T(x) x
#define _TEXT(x) x
#define TEXT(x) x
#define _tprintf printf
#define _ftprintf fprintf
#define _tcslen strlen
#define _tcscpy strcpy
#define _tcscmp strcmp
#define _tfopen fopen
#define _ttoi atoi
#define _tstoi atoi
#define _tstof atof
#define _tcstol strtol
#define _tcscpy_s strcpy_s
#define _tcsncpy strncpy
#define _tcscat strcat
#define _tcscat_s strcat_s
#define _tcschr strchr
#define _tcsrchr strrchr
#define _tcsstr strstr
#define _tcsicmp strcasecmp
#define _tcsncmp strncmp
#define _tprintf_s printf
#define _ftprintf_s fprintf
#define _stprintf sprintf
#define _stprintf_s sprintf_s
#define _tfopen_s fopen_s
#define _ftscanf fscanf
#define _ftscanf_s fscanf
#define _stscanf sscanf
#define _stscanf_s sscanf
#define _fgetts fgets
#define _fputts fputs
#define _puttchar putchar
#define _tsystem system
#define _tremove remove
#endif

/* <stdlib.h>'s element count of an array, which the "secure" calls take. */
#ifndef _countof
#define _countof(a) (sizeof(a) / sizeof((a)[0]))
#endif
#ifndef ARRAYSIZE
#define ARRAYSIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* The "secure" functions whose extra size arguments the plain ones do without. */
#define scanf_s scanf
#define fscanf_s fscanf
#define sscanf_s sscanf
#define printf_s printf
#define fprintf_s fprintf
#define strtok_s strtok_r
#define _strdup strdup
#define _stricmp strcasecmp
#define _strnicmp strncasecmp

/* <conio.h>: a program that waits for a key before its console window closes gets none. */
#define _getch getchar
#define _getche getchar
/* The old names, which MSVC keeps and Dev-C++ and Turbo C taught (`getch();` to keep the
 * console window open). */
#define getch getchar
#define getche getchar
#define _kbhit() 0

static inline errno_t fopen_s(FILE **file, const char *name, const char *mode) {
    *file = fopen(name, mode);
    return *file != NULL ? 0 : errno;
}

static inline errno_t freopen_s(FILE **file, const char *name, const char *mode, FILE *old) {
    *file = freopen(name, mode, old);
    return *file != NULL ? 0 : errno;
}

static inline errno_t strcpy_s(char *to, size_t size, const char *from) {
    if (to == NULL || size == 0) return EINVAL;
    snprintf(to, size, "%s", from);
    return 0;
}

static inline errno_t strncpy_s(char *to, size_t size, const char *from, size_t count) {
    if (to == NULL || size == 0) return EINVAL;
    snprintf(to, size, "%.*s", (int)(count < size ? count : size - 1), from);
    return 0;
}

static inline errno_t strcat_s(char *to, size_t size, const char *from) {
    size_t used = strlen(to);
    if (used >= size) return EINVAL;
    snprintf(to + used, size - used, "%s", from);
    return 0;
}

static inline int vsprintf_s(char *to, size_t size, const char *format, va_list args) {
    return vsnprintf(to, size, format, args);
}

static inline int sprintf_s(char *to, size_t size, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int written = vsnprintf(to, size, format, args);
    va_end(args);
    return written;
}

static inline char *gets_s(char *to, size_t size) {
    if (fgets(to, (int)size, stdin) == NULL) return NULL;
    to[strcspn(to, "\r\n")] = '\0';
    return to;
}

static inline errno_t _dupenv_s(char **value, size_t *length, const char *name) {
    const char *found = getenv(name);
    *value = found != NULL ? strdup(found) : NULL;
    if (length != NULL) *length = found != NULL ? strlen(found) + 1 : 0;
    return 0;
}

static inline errno_t getenv_s(size_t *length, char *to, size_t size, const char *name) {
    const char *found = getenv(name);
    *length = found != NULL ? strlen(found) + 1 : 0;
    if (found != NULL && to != NULL && size > 0) snprintf(to, size, "%s", found);
    return 0;
}

static inline errno_t memcpy_s(void *to, size_t size, const void *from, size_t count) {
    if (count > size) return EINVAL;
    memcpy(to, from, count);
    return 0;
}

static inline char *_itoa(int value, char *to, int radix) {
    char digits[40];
    unsigned long magnitude = value < 0 && radix == 10 ? 0UL - (unsigned long)value : (unsigned long)(unsigned)value;
    int n = 0;
    do {
        digits[n++] = "0123456789abcdefghijklmnopqrstuvwxyz"[magnitude % (unsigned long)radix];
        magnitude /= (unsigned long)radix;
    } while (magnitude > 0);
    char *at = to;
    if (value < 0 && radix == 10) *at++ = '-';
    while (n > 0) *at++ = digits[--n];
    *at = '\0';
    return to;
}

static inline errno_t _itoa_s(int value, char *to, size_t size, int radix) {
    char text[40];
    _itoa(value, text, radix);
    return strcpy_s(to, size, text);
}

static inline errno_t localtime_s(struct tm *to, const time_t *when) {
    return localtime_r(when, to) != NULL ? 0 : EINVAL;
}

/* <windows.h>: the calls a program times itself or pauses with. */
static inline void Sleep(DWORD ms) {
    struct timespec t = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static inline ULONGLONG GetTickCount64(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (ULONGLONG)t.tv_sec * 1000ULL + (ULONGLONG)t.tv_nsec / 1000000ULL;
}

static inline DWORD GetTickCount(void) { return (DWORD)GetTickCount64(); }

static inline BOOL QueryPerformanceFrequency(LARGE_INTEGER *f) {
    f->QuadPart = 1000000000LL;
    return TRUE;
}

static inline BOOL QueryPerformanceCounter(LARGE_INTEGER *c) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    c->QuadPart = (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
    return TRUE;
}

#ifdef __cplusplus
/* The C++ forms that take the array's size from its type. */
template <size_t N> inline errno_t strcpy_s(char (&to)[N], const char *from) { return strcpy_s(to, N, from); }
template <size_t N> inline errno_t strcat_s(char (&to)[N], const char *from) { return strcat_s(to, N, from); }
template <size_t N> inline errno_t strncpy_s(char (&to)[N], const char *from, size_t count) {
    return strncpy_s(to, N, from, count);
}
template <size_t N> inline int sprintf_s(char (&to)[N], const char *format, ...) {
    va_list args;
    va_start(args, format);
    int written = vsnprintf(to, N, format, args);
    va_end(args);
    return written;
}
template <size_t N> inline char *gets_s(char (&to)[N]) { return gets_s(to, N); }
template <size_t N> inline errno_t _itoa_s(int value, char (&to)[N], int radix) { return _itoa_s(value, to, N, radix); }
#endif

#endif
