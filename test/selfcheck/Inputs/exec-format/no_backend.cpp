// A program without lines for any backend.
int main() { return 0; }
