void f() {
  g(aaa, bbc);
}
