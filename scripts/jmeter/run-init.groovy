// Run by the JMeter of every headless scenario run of the suite (-Jjsr223.init.file=.../run-init.groovy): installs
// esb-bench's load timer (org.esbbench.jmeter.engine.LoadTimer, in lib/ext). It prints when the thread groups started
// (the windows are timed from it), ends the open model's arrivals when the windows are over, and ends the test once
// the open model's last reply is in instead of waiting out the whole drain. Loaded through the context class loader,
// which sees lib/ext. The suite's plans install it earlier themselves (their Microsecond Timing element, as the test
// starts): this script runs beside JMeter's engine and can come after the thread groups started, so it is what times
// a plan of one's own without that element.
Class.forName('org.esbbench.jmeter.engine.LoadTimer', true, Thread.currentThread().contextClassLoader)
        .getMethod('install').invoke(null)
