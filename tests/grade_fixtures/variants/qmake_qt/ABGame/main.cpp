// ABGame (Part II), Qt 5 console application from Qt Creator's wizard.
// Test fixture: runs morris's own program from $MORRIS_CLASSROOM_BIN through QProcess.
#include <QCoreApplication>
#include <QProcess>
#include <QStringList>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    QTextStream out(stdout);
    if (args.size() != 4) {
        out << "Usage: ABGame <input> <output> <depth>" << Qt::endl;
        return 1;
    }
    const QString dir = qEnvironmentVariable("MORRIS_CLASSROOM_BIN");
    if (dir.isEmpty()) {
        out << "MORRIS_CLASSROOM_BIN is not set" << Qt::endl;
        return 1;
    }
    return QProcess::execute(dir + "/ABGame", {args[1], args[2], args[3]}) == 0 ? 0 : 1;
}
