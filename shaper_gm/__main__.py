from shaper_gm.cli import main

raise SystemExit(main())
