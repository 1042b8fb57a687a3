/* Test fixture: a "student" in C whose programs exec morris's own from $MORRIS_CLASSROOM_BIN. */
int wrap(const char *name, int argc, char **argv);
