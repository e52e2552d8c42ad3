package org.maestro.common.client;

import java.time.Duration;
import org.maestro.common.protocol.PeerInfo;

/** A peer that answered a PING, and the round-trip time of that PING. */
public record PeerStatus(PeerInfo peer, Duration roundTrip) {}
