/* Counts the stones of a board string: the C half of the Python programs. */
long count_stones(const char *board) {
    long n = 0;
    for (; *board; board++)
        if (*board == 'W' || *board == 'B') n++;
    return n;
}
