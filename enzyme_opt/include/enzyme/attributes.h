/* enzyme/attributes.h: Enzyme's declaration attributes for a stock clang.
 *
 * Enzyme's clang plugin knows `__attribute__((enzyme_inactive))` and
 * `__attribute__((enzyme_function_like("log1p")))`; a clang without it
 * ignores them ("unknown attribute ... ignored").  With this header
 * included first (`-include enzyme/attributes.h`, or through enzyme/enzyme.h)
 * they become annotations enzyme-opt reads:
 *
 *   enzyme_inactive                 on a function: its calls pass no derivative
 *                                   on; on a global: it gets no shadow and
 *                                   what is loaded from it is inactive.
 *   enzyme_function_like("NAME")    on a function: its calls are
 *                                   differentiated with the rule of the math
 *                                   function NAME (log1p, exp, sin, ...),
 *                                   while the program still calls it.
 *   enzyme_inactive_global          the global-only spelling of enzyme_inactive.
 *
 * Marked functions are also made noinline and optnone: at -O1 and above
 * clang would otherwise inline a marked function into its callers, or use
 * what it infers about its body (`return a` returns its argument, a constant
 * result) to drop the call, before enzyme-opt runs, and the mark would be
 * lost with it.  The price: the marked function's own body is not optimized.
 * clang warns that these do not apply to variables when enzyme_inactive marks
 * a global (the global is still marked); enzyme_inactive_global says the
 * same without the warning.
 */
#ifndef ENZYME_OPT_ATTRIBUTES_H
#define ENZYME_OPT_ATTRIBUTES_H

#define enzyme_inactive annotate("enzyme_inactive"), noinline, optnone
#define enzyme_inactive_global annotate("enzyme_inactive")
#define enzyme_function_like(name) \
  annotate("enzyme_function_like=" name), noinline, optnone

#endif
