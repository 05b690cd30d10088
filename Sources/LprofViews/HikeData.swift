/// The hike `show hike` draws, made for lprof in the tutorial's `hikeData.json` schema
/// (ranges are `[lower, upper]` arrays, as `Range<Double>` encodes itself). Kept as a string
/// literal so the binary needs no resource bundle; decoded lazily by `Hike.all`.
enum HikeData {
    static let json = #"""
        [
          {"id":1001,"name":"Granite Ridge Loop","distance":4.5,"difficulty":3,"observations":[
            {"distanceFromStart":0.0,"elevation":[403.1,416.9],"pace":[15.8,17.4],"heartRate":[142.0,158.0]},
            {"distanceFromStart":0.2,"elevation":[418.0,435.1],"pace":[15.1,17.6],"heartRate":[141.0,157.0]},
            {"distanceFromStart":0.39,"elevation":[444.4,454.6],"pace":[15.7,18.4],"heartRate":[141.0,164.0]},
            {"distanceFromStart":0.59,"elevation":[470.6,479.5],"pace":[14.9,17.2],"heartRate":[147.0,162.0]},
            {"distanceFromStart":0.78,"elevation":[495.2,506.5],"pace":[15.4,16.7],"heartRate":[139.0,158.0]},
            {"distanceFromStart":0.98,"elevation":[519.4,531.1],"pace":[14.7,16.6],"heartRate":[138.0,155.0]},
            {"distanceFromStart":1.17,"elevation":[535.5,557.8],"pace":[13.7,16.6],"heartRate":[135.0,153.0]},
            {"distanceFromStart":1.37,"elevation":[557.5,570.7],"pace":[14.3,16.1],"heartRate":[134.0,150.0]},
            {"distanceFromStart":1.57,"elevation":[572.5,581.2],"pace":[13.7,15.9],"heartRate":[122.0,143.0]},
            {"distanceFromStart":1.76,"elevation":[575.1,593.8],"pace":[13.0,15.4],"heartRate":[117.0,139.0]},
            {"distanceFromStart":1.96,"elevation":[582.3,591.4],"pace":[12.4,14.2],"heartRate":[111.0,135.0]},
            {"distanceFromStart":2.15,"elevation":[574.2,594.3],"pace":[10.9,12.9],"heartRate":[100.0,116.0]},
            {"distanceFromStart":2.35,"elevation":[572.0,582.3],"pace":[10.1,12.3],"heartRate":[99.0,120.0]},
            {"distanceFromStart":2.54,"elevation":[554.2,578.1],"pace":[10.7,13.2],"heartRate":[102.0,121.0]},
            {"distanceFromStart":2.74,"elevation":[539.5,564.8],"pace":[10.3,12.6],"heartRate":[99.0,114.0]},
            {"distanceFromStart":2.93,"elevation":[529.5,542.2],"pace":[10.3,13.2],"heartRate":[97.0,114.0]},
            {"distanceFromStart":3.13,"elevation":[509.6,526.9],"pace":[11.0,13.9],"heartRate":[101.0,118.0]},
            {"distanceFromStart":3.33,"elevation":[488.9,511.3],"pace":[11.3,12.5],"heartRate":[101.0,116.0]},
            {"distanceFromStart":3.52,"elevation":[476.3,488.1],"pace":[10.2,11.6],"heartRate":[99.0,113.0]},
            {"distanceFromStart":3.72,"elevation":[458.1,472.7],"pace":[10.4,12.1],"heartRate":[94.0,116.0]},
            {"distanceFromStart":3.91,"elevation":[443.1,457.7],"pace":[10.6,12.3],"heartRate":[95.0,120.0]},
            {"distanceFromStart":4.11,"elevation":[433.0,442.8],"pace":[10.6,12.9],"heartRate":[101.0,121.0]},
            {"distanceFromStart":4.3,"elevation":[420.3,437.8],"pace":[10.2,13.3],"heartRate":[97.0,113.0]},
            {"distanceFromStart":4.5,"elevation":[416.2,436.7],"pace":[11.0,13.6],"heartRate":[99.0,115.0]}
          ]}
        ]
        """#
}
