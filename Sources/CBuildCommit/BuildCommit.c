#include "CBuildCommit.h"

// Weak, so that the Makefile's object file, which defines it too, wins at link time.
__attribute__((weak)) const char daybook_build_commit_text[] = "";

const char *daybook_build_commit(void) {
    return daybook_build_commit_text;
}
