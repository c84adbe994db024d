// The commit `daybook` was built from, recorded at link time: the Makefile's release build links an
// object file it writes from `git describe` (.build/commit/commit.o), whose definition of
// `daybook_build_commit_text` takes the place of the empty one here. A build without the Makefile
// (`swift build`, or a source tree without git) keeps the empty one.
#ifndef DAYBOOK_CBUILDCOMMIT_H
#define DAYBOOK_CBUILDCOMMIT_H

/// The commit's short hash (with `-dirty` when the tree had changes), or "" when none was recorded.
const char *daybook_build_commit(void);

#endif
