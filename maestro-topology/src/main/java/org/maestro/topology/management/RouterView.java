package org.maestro.topology.management;

import java.util.Map;

/**
 * What one router reports about the network at one moment.
 *
 * @param knownRouters             id of every router it has in its routing table (itself included) to the
 *                                 reported cost, which may be null
 * @param routeContainerConnections open {@code route-container} connections (to brokers)
 */
public record RouterView(Map<String, Integer> knownRouters, int routeContainerConnections) {}
