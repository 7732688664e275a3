// A longitude-latitude box in degrees (x: longitude east, y: latitude north) with walls, for
// the shallow-water tests on the sphere (cases/*geographic*.toml). The box's position and size
// are the constants below; a case picks them with mesh.size (a factor on h).
DefineConstant[ lon0 = 139, lon1 = 140, lat0 = 42, lat1 = 43, h = 0.1 ];

Point(1) = {lon0, lat0, 0, h};
Point(2) = {lon1, lat0, 0, h};
Point(3) = {lon1, lat1, 0, h};
Point(4) = {lon0, lat1, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};

Physical Curve("wall") = {1, 2, 3, 4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
