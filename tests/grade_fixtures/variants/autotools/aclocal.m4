# generated automatically by aclocal 1.16.5 -*- Autoconf -*-
# Test fixture: stands for the macros aclocal copies here.
