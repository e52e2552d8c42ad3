package org.maestro.topology.management;

/** Asks one router, by name, what it currently knows about the network. */
@FunctionalInterface
public interface RouterProbe {

    /** The router's current view; throws when it cannot be asked (yet). */
    RouterView probe(String router) throws Exception;
}
