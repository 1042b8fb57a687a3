/* The grader's main for a program built with UNICODE (a Visual Studio project's default),
 * whose own is `int _tmain(int argc, _TCHAR* argv[])`, that is `wmain`, which Windows
 * calls with the arguments as wide strings and Linux never calls. It widens the arguments
 * from UTF-8, sends std::wcout, std::wcerr and std::wclog through the same UTF-8 writing as
 * the stand-ins' _tprintf (morris_visual_cpp_wide.h), so that no stream is made
 * wide-oriented, and calls the program's wmain. Compiled as C++ for a C++ program (by g++,
 * which takes a .c for C++; wmain then has C++ linkage, as the program's has), as C for a
 * C program. Written for the grader (src/grade/). */
#ifdef __cplusplus
#include <iostream>
#include <streambuf>

int wmain(int argc, wchar_t *argv[]);

namespace {
/* A wide stream's characters written to a C stream as UTF-8. */
class MorrisUtf8Out : public std::wstreambuf {
  public:
    explicit MorrisUtf8Out(FILE *file) : file_(file) {}

  protected:
    int_type overflow(int_type c) override {
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            wchar_t w = traits_type::to_char_type(c);
            morris_put_wide(file_, &w, 1);
        }
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const wchar_t *s, std::streamsize n) override {
        morris_put_wide(file_, s, (size_t)n);
        return n;
    }
    int sync() override { return fflush(file_); }

  private:
    FILE *file_;
};
}
#else
int wmain(int argc, wchar_t *argv[]);
#endif

int main(int argc, char *argv[]) {
    /* For the wide reading calls (fgetws, fwscanf) on the files the program opens. */
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "");
    wchar_t **wide = (wchar_t **)calloc((size_t)argc + 1, sizeof(wchar_t *));
    if (wide == NULL) return 1;
    for (int i = 0; i < argc; i++) {
        wide[i] = morris_widen(argv[i]);
        if (wide[i] == NULL) return 1;
    }
#ifdef __cplusplus
    static MorrisUtf8Out out(stdout);
    static MorrisUtf8Out err(stderr);
    std::wcout.rdbuf(&out);
    std::wcerr.rdbuf(&err);
    std::wclog.rdbuf(&err);
#endif
    return wmain(argc, wide);
}
