/* Test fixture: what `cython -3 fastmorris.pyx` writes is thousands of lines; this file,
 * written by hand, makes the same module, so that building it needs no Cython. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *program_name(PyObject *self, PyObject *args) {
    PyObject *name;
    (void)self;
    if (!PyArg_ParseTuple(args, "U", &name)) return NULL;
    Py_INCREF(name);
    return name;
}

static PyMethodDef methods[] = {
    {"program_name", program_name, METH_VARARGS, "The program's name."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "fastmorris", NULL, -1, methods};

PyMODINIT_FUNC PyInit_fastmorris(void) { return PyModule_Create(&module); }
