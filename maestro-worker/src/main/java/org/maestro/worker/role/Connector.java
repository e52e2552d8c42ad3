package org.maestro.worker.role;

import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/** Opens a new connection to the run's destination (with the driver's deadline); called again to reconnect. */
@FunctionalInterface
public interface Connector {

    /** Opens a connection; throws naming the URL when it cannot within the deadline. */
    DriverConnection connect() throws DriverException;
}
