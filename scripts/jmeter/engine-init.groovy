// Run by every JMeter engine of a distributed run (-Jjsr223.init.file=.../engine-init.groovy), after the engine's
// RMI objects are bound: installs esb-bench's load-share hook, which gives this engine its share of the run's
// users and rate at the start of every test (org.esbbench.jmeter.engine.EngineLoadShare, in lib/ext). Without the
// hook the engine runs nothing (the client sends users=0 and rate=0). Loaded through the context class loader,
// which sees lib/ext; an engine without the extension fails here and the suite's probe names it.
Class.forName('org.esbbench.jmeter.engine.EngineLoadShare', true, Thread.currentThread().contextClassLoader)
        .getMethod('install').invoke(null)
