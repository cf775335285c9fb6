// The examples of this target are added file by file; this file keeps the target non-empty.
enum ExamplesCatalog {}
