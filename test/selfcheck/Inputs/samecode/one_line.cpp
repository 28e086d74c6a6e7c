void f() {
  g(aaa, bbb);
}
