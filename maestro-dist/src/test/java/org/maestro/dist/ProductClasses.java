package org.maestro.dist;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The main classes of every Maestro module, as the test class path of maestro-dist holds them (the distribution
 * carries every module): their tests and test-jars left out.
 */
final class ProductClasses {
    /** A module's classes directory, or its jar (from the reactor or a repository). */
    private static final Pattern MODULE =
            Pattern.compile("/(maestro-[a-z0-9-]+?)(?:/target/classes/|-\\d[^/]*\\.jar!)");

    private static JavaClasses imported;

    private ProductClasses() {}

    /** Every class under {@code org.maestro} of the modules' main code, imported once. */
    static synchronized JavaClasses all() {
        if (imported == null) {
            imported = new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .withImportOption(ProductClasses::isMainCode)
                    .importPackages("org.maestro");
        }
        return imported;
    }

    /** The modules the classes come from, by artifact id. */
    static Set<String> modules(JavaClasses classes) {
        Set<String> modules = new TreeSet<>();
        for (JavaClass type : classes) {
            module(type).ifPresent(modules::add);
        }
        return modules;
    }

    /** The module a class comes from, when its location names one. */
    static Optional<String> module(JavaClass type) {
        return type.getSource()
                .map(source -> MODULE.matcher(source.getUri().toString()))
                .filter(Matcher::find)
                .map(found -> found.group(1));
    }

    /** Not a test-jar (a module's test helpers, such as maestro-common's server processes). */
    private static boolean isMainCode(Location location) {
        return !location.contains("-tests.jar");
    }
}
