// Misused Views are compile-time errors with messages that say what is
// wrong: deep_copy between views of different ranks, layouts or element
// types, into a const view, indexing with the wrong number of indices, and
// a view of a type that cannot be copied as bytes between spaces.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note
#include <hpp/hpp.hpp>
#include <string>

void copies(hpp::View<double, 2> a, hpp::View<double, 1> b, hpp::View<double, 2, hpp::LayoutLeft> l,
            hpp::View<float, 2> f, hpp::View<const double, 2> c) {
  // expected-error@hpp/view_copy.hpp:* {{hpp::deep_copy: the views have different ranks}}
  hpp::deep_copy(a, b);
  // expected-error@hpp/view_copy.hpp:* {{hpp::deep_copy: the views have different layouts}}
  hpp::deep_copy(a, l);
  // expected-error@hpp/view_copy.hpp:* {{hpp::deep_copy: the views have different element types}}
  hpp::deep_copy(a, f);
  // expected-error@hpp/view_copy.hpp:* {{hpp::deep_copy: the destination view is const}}
  hpp::deep_copy(c, a);
}

void indices(hpp::View<double, 2> a) {
  // expected-error@hpp/view.hpp:* {{hpp::View: give one index per dimension (the rank)}}
  a(1) = 0;
  // expected-error@hpp/view.hpp:* {{hpp::View: give one extent per dimension (the rank)}}
  hpp::View<double, 2> b("b", 4);
}

// expected-error@hpp/view.hpp:* {{hpp::View: elements must be trivially copyable}}
hpp::View<std::string, 1> strings;
