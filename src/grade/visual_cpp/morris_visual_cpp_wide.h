/* The grader's stand-ins for <tchar.h> in a program built with UNICODE, as Visual Studio's
 * projects are by default (<CharacterSet>Unicode</CharacterSet>): a TCHAR is a wchar_t,
 * _T("x") is L"x", _tmain is wmain (called by the grader's main, morris_wmain.c, with the
 * arguments widened), and the wide calls keep Visual C++'s meaning where glibc's differs:
 * in its wide printf and scanf, %s and %c take a wide string and character (glibc's take
 * narrow ones), %S and %hs a narrow string. Whatever a program prints through them (and
 * through std::wcout, which the grader's main sends the same way) reaches the stream as
 * UTF-8 bytes, so a stream is never made wide-oriented and a program that mixes printf,
 * std::cout and _tprintf keeps every line, as on Windows. Included by morris_visual_cpp.h
 * when _UNICODE or UNICODE is defined. Written for the grader (src/grade/), not taken from
 * any compiler's headers. */
#ifndef MORRIS_VISUAL_CPP_WIDE_H
#define MORRIS_VISUAL_CPP_WIDE_H

#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>
#ifdef __cplusplus
/* Everything that names the standard wide calls, before they are stood in for below. */
#include <cwchar>
#include <cwctype>
#include <clocale>
#include <locale>
#include <string>
#include <sstream>
#include <fstream>
#include <iostream>
#endif

typedef wchar_t _TCHAR;
typedef wchar_t TCHAR;
typedef wchar_t WCHAR;
typedef wchar_t *LPWSTR;
typedef const wchar_t *LPCWSTR;
typedef wchar_t *LPTSTR;
typedef const wchar_t *LPCTSTR;

#define __T(x) L##x
#define _T(x) __T(x)
#define _TEXT(x) __T(x)
#define TEXT(x) __T(x)
#define _tmain wmain

/* One wide character as UTF-8 (at most 4 bytes); the count written. */
static inline size_t morris_utf8(wchar_t wide, char *out) {
    unsigned long c = (unsigned long)wide;
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    if (c > 0x10FFFF) c = 0xFFFD;
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* A wide string as a new UTF-8 string (NULL where memory runs out). */
static inline char *morris_narrow(const wchar_t *wide) {
    size_t n = wcslen(wide);
    char *out = (char *)malloc(4 * n + 1);
    if (out == NULL) return NULL;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) at += morris_utf8(wide[i], out + at);
    out[at] = '\0';
    return out;
}

/* A UTF-8 string as a new wide string; a byte that starts no UTF-8 character stands for
 * itself (Latin-1), so that no argument is lost. */
static inline wchar_t *morris_widen(const char *narrow) {
    size_t n = strlen(narrow);
    wchar_t *out = (wchar_t *)malloc((n + 1) * sizeof(wchar_t));
    if (out == NULL) return NULL;
    size_t at = 0;
    const unsigned char *s = (const unsigned char *)narrow;
    for (size_t i = 0; i < n;) {
        unsigned long c = s[i];
        size_t more = c >= 0xF0 && c < 0xF8 ? 3 : c >= 0xE0 && c < 0xF0 ? 2 : c >= 0xC2 && c < 0xE0 ? 1 : 0;
        int fits = c >= 0x80 && more > 0 && i + more < n + 1;
        for (size_t k = 1; fits && k <= more; k++) fits = i + k < n && (s[i + k] & 0xC0) == 0x80;
        if (!fits) {
            out[at++] = (wchar_t)c;
            i++;
            continue;
        }
        c &= more == 1 ? 0x1F : more == 2 ? 0x0F : 0x07;
        for (size_t k = 1; k <= more; k++) c = (c << 6) | (s[i + k] & 0x3F);
        out[at++] = (wchar_t)c;
        i += more + 1;
    }
    out[at] = L'\0';
    return out;
}

/* `n` wide characters written to `file` as UTF-8. */
static inline void morris_put_wide(FILE *file, const wchar_t *wide, size_t n) {
    char bytes[4];
    for (size_t i = 0; i < n; i++) fwrite(bytes, 1, morris_utf8(wide[i], bytes), file);
}

/* A format of Visual C++'s wide printf and scanf in glibc's terms (a new string): %s, %c
 * and %[...] wide (%ls, %lc, %l[...]); %S, %C, %hs and %hc narrow; %ws as %ls; the size
 * prefixes %I64, %I32 and %I as ll, none and z. NULL where memory runs out. */
static inline wchar_t *morris_wide_format(const wchar_t *format) {
    size_t len = wcslen(format);
    wchar_t *out = (wchar_t *)malloc((2 * len + 1) * sizeof(wchar_t));
    if (out == NULL) return NULL;
    size_t o = 0;
    size_t i = 0;
    while (i < len) {
        if (format[i] != L'%') {
            out[o++] = format[i++];
            continue;
        }
        out[o++] = format[i++];
        if (i < len && format[i] == L'%') {
            out[o++] = format[i++];
            continue;
        }
        while (i < len && wcschr(L"-+ #0'*.0123456789", format[i]) != NULL) out[o++] = format[i++];
        int narrow = 0, wide = 0;
        if (i + 1 < len && format[i] == L'h' && wcschr(L"sScC", format[i + 1]) != NULL) {
            narrow = 1;
            i++;
        } else if (i + 1 < len && (format[i] == L'l' || format[i] == L'w') && wcschr(L"sScC[", format[i + 1]) != NULL) {
            wide = 1;
            i++;
        } else if (i + 2 < len && format[i] == L'I' && format[i + 1] == L'6' && format[i + 2] == L'4') {
            out[o++] = L'l';
            out[o++] = L'l';
            i += 3;
        } else if (i + 2 < len && format[i] == L'I' && format[i + 1] == L'3' && format[i + 2] == L'2') {
            i += 3;
        } else if (i < len && format[i] == L'I') {
            out[o++] = L'z';
            i++;
        } else {
            while (i < len && wcschr(L"hlLqjzt", format[i]) != NULL) out[o++] = format[i++];
        }
        if (i >= len) break;
        wchar_t c = format[i++];
        if (c == L's' || c == L'c' || c == L'[') {
            if (!narrow) out[o++] = L'l';
            out[o++] = c;
        } else if (c == L'S' || c == L'C') {
            if (wide) out[o++] = L'l';
            out[o++] = c == L'S' ? L's' : L'c';
        } else {
            out[o++] = c;
        }
        if (c == L'[') {
            /* The set, a ']' first in it its own. */
            if (i < len && format[i] == L'^') out[o++] = format[i++];
            if (i < len && format[i] == L']') out[o++] = format[i++];
            while (i < len && format[i] != L']') out[o++] = format[i++];
            if (i < len) out[o++] = format[i++];
        }
    }
    out[o] = L'\0';
    return out;
}

/* Visual C++'s vfwprintf: formatted wide, written as UTF-8. */
static inline int morris_vfwprintf(FILE *file, const wchar_t *format, va_list args) {
    wchar_t *ours = morris_wide_format(format);
    const wchar_t *used = ours != NULL ? ours : format;
    size_t size = 512;
    wchar_t *text = NULL;
    int n = -1;
    for (;;) {
        wchar_t *bigger = (wchar_t *)realloc(text, size * sizeof(wchar_t));
        if (bigger == NULL) break;
        text = bigger;
        va_list copy;
        va_copy(copy, args);
        n = vswprintf(text, size, used, copy);
        va_end(copy);
        if (n >= 0 || size >= ((size_t)1 << 24)) break;
        size *= 4;
    }
    if (n > 0) morris_put_wide(file, text, (size_t)n);
    free(text);
    free(ours);
    return n;
}

static inline int morris_fwprintf(FILE *file, const wchar_t *format, ...) {
    va_list args;
    va_start(args, format);
    int n = morris_vfwprintf(file, format, args);
    va_end(args);
    return n;
}

static inline int morris_wprintf(const wchar_t *format, ...) {
    va_list args;
    va_start(args, format);
    int n = morris_vfwprintf(stdout, format, args);
    va_end(args);
    return n;
}

static inline int morris_vwprintf(const wchar_t *format, va_list args) { return morris_vfwprintf(stdout, format, args); }

static inline int morris_vswprintf(wchar_t *to, size_t size, const wchar_t *format, va_list args) {
    wchar_t *ours = morris_wide_format(format);
    int n = vswprintf(to, size, ours != NULL ? ours : format, args);
    free(ours);
    return n;
}

static inline int morris_swprintf_s(wchar_t *to, size_t size, const wchar_t *format, ...) {
    va_list args;
    va_start(args, format);
    int n = morris_vswprintf(to, size, format, args);
    va_end(args);
    return n;
}

/* The old swprintf, and _stprintf, without the buffer's size. */
static inline int morris_swprintf_unsized(wchar_t *to, const wchar_t *format, ...) {
    va_list args;
    va_start(args, format);
    int n = morris_vswprintf(to, (size_t)1 << 20, format, args);
    va_end(args);
    return n;
}

static inline int morris_fputws(const wchar_t *text, FILE *file) {
    morris_put_wide(file, text, wcslen(text));
    return 0;
}

static inline int morris_putws(const wchar_t *text) {
    morris_put_wide(stdout, text, wcslen(text));
    return fputc('\n', stdout) == EOF ? -1 : 0;
}

static inline wint_t morris_fputwc(wchar_t c, FILE *file) {
    morris_put_wide(file, &c, 1);
    return (wint_t)c;
}

static inline wint_t morris_putwchar(wchar_t c) { return morris_fputwc(c, stdout); }

/* Visual C++'s wide scanf: its format in glibc's terms. */
static inline int morris_vfwscanf(FILE *file, const wchar_t *format, va_list args) {
    wchar_t *ours = morris_wide_format(format);
    int n = vfwscanf(file, ours != NULL ? ours : format, args);
    free(ours);
    return n;
}

static inline int morris_fwscanf(FILE *file, const wchar_t *format, ...) {
    va_list args;
    va_start(args, format);
    int n = morris_vfwscanf(file, format, args);
    va_end(args);
    return n;
}

static inline int morris_wscanf(const wchar_t *format, ...) {
    va_list args;
    va_start(args, format);
    int n = morris_vfwscanf(stdin, format, args);
    va_end(args);
    return n;
}

static inline int morris_swscanf(const wchar_t *text, const wchar_t *format, ...) {
    wchar_t *ours = morris_wide_format(format);
    va_list args;
    va_start(args, format);
    int n = vswscanf(text, ours != NULL ? ours : format, args);
    va_end(args);
    free(ours);
    return n;
}

/* _wfopen: the name and mode as UTF-8; Visual C++'s `, ccs=UTF-8` left off the mode. */
static inline FILE *morris_wfopen(const wchar_t *name, const wchar_t *mode) {
    char *n = morris_narrow(name);
    char *m = morris_narrow(mode);
    FILE *file = NULL;
    if (n != NULL && m != NULL) {
        char *comma = strchr(m, ',');
        if (comma != NULL) *comma = '\0';
        char *space = strchr(m, ' ');
        if (space != NULL) *space = '\0';
        file = fopen(n, m);
    }
    free(n);
    free(m);
    return file;
}

static inline errno_t morris_wfopen_s(FILE **file, const wchar_t *name, const wchar_t *mode) {
    *file = morris_wfopen(name, mode);
    return *file != NULL ? 0 : errno;
}

static inline int morris_wsystem(const wchar_t *command) {
    char *c = morris_narrow(command);
    int status = c != NULL ? system(c) : -1;
    free(c);
    return status;
}

static inline int morris_wremove(const wchar_t *name) {
    char *n = morris_narrow(name);
    int status = n != NULL ? remove(n) : -1;
    free(n);
    return status;
}

static inline int morris_wtoi(const wchar_t *text) { return (int)wcstol(text, NULL, 10); }
static inline long morris_wtol(const wchar_t *text) { return wcstol(text, NULL, 10); }
static inline double morris_wtof(const wchar_t *text) { return wcstod(text, NULL); }

static inline errno_t morris_wcscpy_s(wchar_t *to, size_t size, const wchar_t *from) {
    if (to == NULL || size == 0) return EINVAL;
    size_t n = wcslen(from);
    if (n >= size) n = size - 1;
    wmemcpy(to, from, n);
    to[n] = L'\0';
    return 0;
}

static inline errno_t morris_wcsncpy_s(wchar_t *to, size_t size, const wchar_t *from, size_t count) {
    if (to == NULL || size == 0) return EINVAL;
    size_t n = wcslen(from);
    if (n > count) n = count;
    if (n >= size) n = size - 1;
    wmemcpy(to, from, n);
    to[n] = L'\0';
    return 0;
}

static inline errno_t morris_wcscat_s(wchar_t *to, size_t size, const wchar_t *from) {
    size_t used = wcslen(to);
    if (used >= size) return EINVAL;
    return morris_wcscpy_s(to + used, size - used, from);
}

#ifdef __cplusplus
/* The C++ forms that take the array's size from its type, and the calls as std:: names. */
template <size_t N> inline errno_t morris_wcscpy_s(wchar_t (&to)[N], const wchar_t *from) {
    return morris_wcscpy_s(to, N, from);
}
template <size_t N> inline errno_t morris_wcscat_s(wchar_t (&to)[N], const wchar_t *from) {
    return morris_wcscat_s(to, N, from);
}
template <size_t N> inline errno_t morris_wcsncpy_s(wchar_t (&to)[N], const wchar_t *from, size_t count) {
    return morris_wcsncpy_s(to, N, from, count);
}
template <size_t N> inline int morris_swprintf_s(wchar_t (&to)[N], const wchar_t *format, ...) {
    va_list args;
    va_start(args, format);
    int n = morris_vswprintf(to, N, format, args);
    va_end(args);
    return n;
}
namespace std {
using ::morris_fputwc;
using ::morris_fputws;
using ::morris_fwprintf;
using ::morris_fwscanf;
using ::morris_putwchar;
using ::morris_swprintf_s;
using ::morris_swscanf;
using ::morris_vfwprintf;
using ::morris_vswprintf;
using ::morris_vwprintf;
using ::morris_wprintf;
using ::morris_wscanf;
}
#endif

/* <tchar.h>'s names, and the wide calls whose meaning Visual C++'s differs from glibc's. */
#undef wprintf
#undef fwprintf
#undef swprintf
#undef vswprintf
#undef vfwprintf
#undef vwprintf
#undef fputws
#undef fputwc
#undef putwc
#undef putwchar
#undef fwscanf
#undef wscanf
#undef swscanf
#define wprintf morris_wprintf
#define wprintf_s morris_wprintf
#define _tprintf morris_wprintf
#define _tprintf_s morris_wprintf
#define vwprintf morris_vwprintf
#define _vtprintf morris_vwprintf
#define fwprintf morris_fwprintf
#define fwprintf_s morris_fwprintf
#define _ftprintf morris_fwprintf
#define _ftprintf_s morris_fwprintf
#define vfwprintf morris_vfwprintf
#define _vftprintf morris_vfwprintf
#define swprintf morris_swprintf_s
#define swprintf_s morris_swprintf_s
#define _stprintf_s morris_swprintf_s
#define _snwprintf morris_swprintf_s
#define _sntprintf morris_swprintf_s
#define _swprintf morris_swprintf_unsized
#define _stprintf morris_swprintf_unsized
#define vswprintf morris_vswprintf
#define _vstprintf morris_vswprintf
#define fputws morris_fputws
#define _fputts morris_fputws
#define _putws morris_putws
#define _putts morris_putws
#define fputwc morris_fputwc
#define putwc morris_fputwc
#define _fputtc morris_fputwc
#define _puttc morris_fputwc
#define putwchar morris_putwchar
#define _puttchar morris_putwchar
#define fwscanf morris_fwscanf
#define fwscanf_s morris_fwscanf
#define _ftscanf morris_fwscanf
#define _ftscanf_s morris_fwscanf
#define wscanf morris_wscanf
#define wscanf_s morris_wscanf
#define _tscanf morris_wscanf
#define _tscanf_s morris_wscanf
#define swscanf morris_swscanf
#define swscanf_s morris_swscanf
#define _stscanf morris_swscanf
#define _stscanf_s morris_swscanf
#define _fgetts fgetws
#define _fgettc fgetwc
#define _gettc getwc
#define _gettchar getwchar
#define _tfopen morris_wfopen
#define _wfopen morris_wfopen
#define _tfopen_s morris_wfopen_s
#define _wfopen_s morris_wfopen_s
#define _tsystem morris_wsystem
#define _wsystem morris_wsystem
#define _tremove morris_wremove
#define _wremove morris_wremove
#define _ttoi morris_wtoi
#define _wtoi morris_wtoi
#define _tstoi morris_wtoi
#define _ttol morris_wtol
#define _wtol morris_wtol
#define _tstol morris_wtol
#define _ttof morris_wtof
#define _wtof morris_wtof
#define _tstof morris_wtof
#define _tcstol wcstol
#define _tcstoul wcstoul
#define _tcstod wcstod
#define _tcslen wcslen
#define _tcscpy wcscpy
#define _tcsncpy wcsncpy
#define _tcscat wcscat
#define _tcscmp wcscmp
#define _tcsncmp wcsncmp
#define _tcsicmp wcscasecmp
#define _wcsicmp wcscasecmp
#define _tcsnicmp wcsncasecmp
#define _wcsnicmp wcsncasecmp
#define _tcschr wcschr
#define _tcsrchr wcsrchr
#define _tcsstr wcsstr
#define _tcstok_s wcstok
#define wcstok_s wcstok
#define _tcscpy_s morris_wcscpy_s
#define wcscpy_s morris_wcscpy_s
#define _tcsncpy_s morris_wcsncpy_s
#define wcsncpy_s morris_wcsncpy_s
#define _tcscat_s morris_wcscat_s
#define wcscat_s morris_wcscat_s
#define _totupper towupper
#define _totlower towlower
#define _istdigit iswdigit
#define _istspace iswspace
#define _istalpha iswalpha
#define _istalnum iswalnum
#define _istupper iswupper
#define _istlower iswlower

#endif
